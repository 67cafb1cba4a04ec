import { describe, expect, it } from 'vitest';
import { signedMediaUrls, mediaUrlExpiry } from '../../src/api/media-urls';
import { relationTypeOfAudience } from '../../src/domain/relation-types';
import { hasAnyMediaFile, mediaFileDeletionsSettled } from '../../mocks/media-files';
import { getDb } from '../../mocks/store/db';
import {
  createMedia,
  createRelation,
  createRumination,
  createUser,
  DEFAULT_TEST_PASSWORD,
} from '../../mocks/store/factories';
import { moveToTrash } from '../../mocks/store/rumination-changes';
import { mediaSigner } from '../../mocks/views';
import { phonePhoto } from '../support/photo-fixtures';
import { setupMediaBackend, fetchImage, uploaded, write } from './media-calls';
import { api, type Json } from './mock-backend';

setupMediaBackend();

/**
 * Photos in the mock backend (api-contract.md "Photos"), as tests/server/media*.test.ts check
 * the server: the same rules from the same shared code. Here: who may read a photo's URL, and
 * when photos are erased. Decoding is sharp (tests/mocks/media-calls.ts). Photos are fetched as a
 * browser's `<img>` fetches them: with the photo cookies of the people whose calls came before
 * (MSW's jar), or a token where a test gives one.
 */

const FRIEND = relationTypeOfAudience('Friend');

describe('GET /api/media/:id/:variant', () => {
  async function friendsOnlyPhoto() {
    const maya = createUser({ username: 'maya' });
    const leo = createUser({ username: 'leo' });
    const stranger = createUser({ username: 'stranger' });
    const relation = createRelation({
      initiatorId: maya.user.id,
      receiverId: leo.user.id,
      type: FRIEND,
    });
    const photo = await uploaded(maya.token, await phonePhoto(400, 300));
    const note = await write(maya.token, {
      content: 'Friends only',
      publish: true,
      audiences: ['Friend'],
      media: [{ id: photo, alt: 'Us' }],
    });
    return { maya, leo, stranger, relation, photo, noteId: note.json.id as number };
  }

  it('the friend reads it; a stranger, anonymous, forged, expired or other-id URL is 404', async () => {
    const { leo, stranger, photo, noteId } = await friendsOnlyPhoto();
    const read = await api('GET', `/api/ruminations/${noteId}`, { token: leo.token });
    const url = read.json.media[0].url as string;
    expect(url).toContain(`viewer=${leo.user.id}&`);
    expect((await fetchImage(url)).response.status).toBe(200);
    expect((await fetchImage(read.json.media[0].thumbnailUrl)).response.status).toBe(200);

    expect((await api('GET', `/api/ruminations/${noteId}`, { token: stranger.token })).status).toBe(
      404,
    );
    const sign = await mediaSigner();
    const expires = mediaUrlExpiry(new Date());
    // With the stranger's own token: the URL is theirs, the photo is not (media-credentials.test.ts
    // has the credentials' own cases).
    for (const [viewer, token] of [
      [stranger.user.id, stranger.token],
      [0, undefined],
    ] as const) {
      const signed = await signedMediaUrls(photo, viewer, expires, sign);
      const r = await fetchImage(signed.url, undefined, token);
      expect(r.response.status).toBe(404);
      expect((JSON.parse(r.bytes.toString()) as Json).title).toBe('Photo not found');
    }
    const forged = url.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAA');
    const otherViewer = url.replace(`viewer=${leo.user.id}`, `viewer=${stranger.user.id}`);
    const otherId = url.replace(`/api/media/${photo}/`, `/api/media/${photo + 1}/`);
    const past = Math.floor(Date.now() / 1000) - 10;
    const expired = (await signedMediaUrls(photo, leo.user.id, past, sign)).url;
    for (const bad of [forged, otherViewer, otherId, expired, `/api/media/${photo}/original?x=1`]) {
      expect((await fetchImage(bad)).response.status).toBe(404);
    }
  });

  it('opens a URL only as it was signed: its numbers spelled any other way are 404', async () => {
    const { leo, photo, noteId } = await friendsOnlyPhoto();
    const read = await api('GET', `/api/ruminations/${noteId}`, { token: leo.token });
    const url = read.json.media[0].url as string;
    expect((await fetchImage(url)).response.status).toBe(200);
    const expires = /expires=(\d+)&/.exec(url)?.[1] ?? '';
    const viewer = (spelled: string) => url.replace(`viewer=${leo.user.id}&`, `viewer=${spelled}&`);
    const expiry = (spelled: string) => url.replace(`expires=${expires}&`, `expires=${spelled}&`);
    for (const bad of [
      viewer(`0${leo.user.id}`),
      viewer(`${leo.user.id}.0`),
      viewer(`+${leo.user.id}`),
      viewer(`%20${leo.user.id}`),
      viewer(`${leo.user.id}e0`),
      expiry(`0${expires}`),
      expiry(`${expires}.0`),
      expiry(`+${expires}`),
      expiry(`${Number(expires) / 100}e2`),
      url.replace(`/api/media/${photo}/`, `/api/media/0${photo}/`),
    ]) {
      expect((await fetchImage(bad)).response.status, bad).toBe(404);
    }
  });

  it('an ended relation stops the friend’s URL at once; the author’s own URL still works', async () => {
    const { maya, leo, relation, noteId } = await friendsOnlyPhoto();
    const url = (await api('GET', `/api/ruminations/${noteId}`, { token: leo.token })).json.media[0]
      .url as string;
    expect((await fetchImage(url)).response.status).toBe(200);
    expect(
      (await api('DELETE', `/api/UserRelations/${relation.id}`, { token: maya.token })).status,
    ).toBe(204);
    expect((await fetchImage(url)).response.status).toBe(404);
    const own = (await api('GET', `/api/ruminations/${noteId}`, { token: maya.token })).json
      .media[0].url as string;
    expect((await fetchImage(own)).response.status).toBe(200);
  });

  it("the trash hides the photos for every reader's URL at once, and a restore brings them back", async () => {
    const { maya, leo, noteId } = await friendsOnlyPhoto();
    const url = (await api('GET', `/api/ruminations/${noteId}`, { token: leo.token })).json.media[0]
      .url as string;
    expect((await fetchImage(url)).response.status).toBe(200);
    expect((await api('DELETE', `/api/ruminations/${noteId}`, { token: maya.token })).status).toBe(
      204,
    );
    expect((await fetchImage(url)).response.status).toBe(404);
    // The author's own upload stays readable to her (decideMediaFetch: the signer's own upload),
    // as her trash shows the note with its photos.
    const trash = await api('GET', '/api/ruminations/trash', { token: maya.token });
    expect(trash.json[0].media).toHaveLength(1);
    expect((await fetchImage(trash.json[0].media[0].url)).response.status).toBe(200);
    await api('POST', `/api/ruminations/${noteId}/restore`, { token: maya.token });
    expect((await fetchImage(url)).response.status).toBe(200);
  });

  it('an upload no note holds is readable by its owner only', async () => {
    const maya = createUser({ username: 'maya' });
    const leo = createUser({ username: 'leo' });
    const photo = await uploaded(maya.token);
    const sign = await mediaSigner();
    const expires = mediaUrlExpiry(new Date());
    const own = await signedMediaUrls(photo, maya.user.id, expires, sign);
    expect((await fetchImage(own.thumbnailUrl)).response.status).toBe(200);
    const others = await signedMediaUrls(photo, leo.user.id, expires, sign);
    expect((await fetchImage(others.url, undefined, leo.token)).response.status).toBe(404);
  });
});

describe('erasing photos', () => {
  it('erases uploads no note took within 24 hours at the next call', async () => {
    const { user, token } = createUser({ username: 'maya' });
    const fresh = await uploaded(token);
    const old = createMedia({
      ownerId: user.id,
      createTMS: new Date(Date.now() - 25 * 3_600_000).toISOString(),
    });
    await api('GET', '/api/ruminations/public');
    expect(getDb().media.map((m) => m.id)).toEqual([fresh]);
    expect(old.id).not.toBe(fresh);
    // Too late to attach it.
    const r = await write(token, { content: 'x', publish: true, media: [{ id: old.id }] });
    expect(r.status).toBe(400);
  });

  it('erases a note’s photos with it for good (delete for good, empty trash, retention), rows and files', async () => {
    const { user, token } = createUser({ username: 'maya' });
    const ids: number[] = [];
    const notes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const photo = await uploaded(token);
      ids.push(photo);
      notes.push(
        (await write(token, { content: `n${i}`, publish: true, media: [{ id: photo }] })).json.id,
      );
    }
    for (const id of notes) await api('DELETE', `/api/ruminations/${id}`, { token });
    expect(getDb().media).toHaveLength(3);
    await api('DELETE', `/api/ruminations/${notes[0]}/permanent`, { token });
    await mediaFileDeletionsSettled();
    expect(getDb().media.map((m) => m.id)).toEqual(ids.slice(1));
    expect(await hasAnyMediaFile(ids[0]!)).toBe(false);
    // Past the trash's retention.
    const old = getDb().ruminations.find((r) => r.id === notes[1])!;
    moveToTrash(old, '2000-01-01T00:00:00.000Z');
    await api('GET', '/api/ruminations/public');
    expect(getDb().media.map((m) => m.id)).toEqual([ids[2]]);
    await api('DELETE', '/api/ruminations/trash', { token });
    await mediaFileDeletionsSettled();
    expect(getDb().media).toEqual([]);
    for (const id of ids) expect(await hasAnyMediaFile(id)).toBe(false);
    expect(user.id).toBeGreaterThan(0);
  });

  it("erasing an account erases all its photos, held or not, and no one else's", async () => {
    const maya = createUser({ username: 'maya' });
    const leo = createUser({ username: 'leo' });
    const held = await uploaded(maya.token);
    const loose = await uploaded(maya.token);
    const leos = await uploaded(leo.token);
    await write(maya.token, { content: 'x', publish: true, media: [{ id: held }] });
    const r = await api('DELETE', '/api/account', {
      token: maya.token,
      body: { password: DEFAULT_TEST_PASSWORD },
    });
    expect(r.status).toBe(204);
    await mediaFileDeletionsSettled();
    expect(getDb().media.map((m) => m.id)).toEqual([leos]);
    expect(await hasAnyMediaFile(held)).toBe(false);
    expect(await hasAnyMediaFile(loose)).toBe(false);
    expect(await hasAnyMediaFile(leos)).toBe(true);
  });

  it('a seeded note keeps its photo rows through other writes', () => {
    const { user } = createUser({ username: 'maya' });
    const note = createRumination({ authorId: user.id });
    createMedia({ ownerId: user.id, ruminationId: note.id, alt: 'x' });
    expect(getDb().media[0]).toMatchObject({
      ruminationId: note.id,
      position: 0,
      eraseAfter: null,
    });
  });
});
