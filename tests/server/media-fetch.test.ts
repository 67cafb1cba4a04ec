import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse as Response } from 'fastify';
import { mediaUrlExpiry, signedMediaUrls } from '../../src/api/media-urls';
import { refreshViewerAudiences } from '../../server/modules/relations/viewer-audiences';
import { MEDIA_PROBLEMS } from '../../src/domain/media-decisions';
import { multipartBody, phonePhoto } from '../support/photo-fixtures';
import { call, person, relation, writeRumination, type Person } from './ruminations-support';
import { authHeader, setUpTestApp } from './support/test-app';

/**
 * GET /api/media/{id}/{variant} (api-contract.md "Photos"): a signed URL, checked against the
 * database on every fetch. Photos are put in notes straight in the table here (the ruminations'
 * `media` has its own tests). Requests carry the credentials of the person asking, as a browser's
 * do; what those must be is media-credentials.test.ts's.
 */

const t = setUpTestApp();

async function upload(owner: Person): Promise<number> {
  const { body, contentType } = multipartBody(await phonePhoto(400, 300));
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/media',
    headers: { ...authHeader(owner.token), 'content-type': contentType },
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json<{ id: number }>().id;
}

async function urlsFor(id: number, viewerId: number, expires = mediaUrlExpiry(new Date())) {
  return signedMediaUrls(id, viewerId, expires, await t.app.media.signer());
}

/** A fetch by `as` (their bearer token), or by nobody. */
async function get(
  url: string,
  as: Person | null,
  accept = 'image/webp,*/*',
  method: 'GET' | 'HEAD' = 'GET',
) {
  return t.app.inject({
    method,
    url,
    headers: { accept, ...(as === null ? {} : authHeader(as.token)) },
  });
}

function expectNotFound(res: Response): void {
  expect(res.statusCode, res.body).toBe(404);
  expect(res.json<{ title: string }>().title).toBe(MEDIA_PROBLEMS.notFound.title);
  expect(res.headers['cache-control']).toBe('no-store');
}

async function attach(mediaId: number, ruminationId: number): Promise<void> {
  await t.db
    .updateTable('media')
    .set({ rumination_id: ruminationId, position: 0, erase_after: null })
    .where('id', '=', mediaId)
    .execute();
}

describe('GET /api/media/{id}/{variant}', () => {
  it('answers the owner their unattached upload, privately, with its size and type', async () => {
    const owner = await person(t);
    const id = await upload(owner);
    const expires = mediaUrlExpiry(new Date());
    const { url, thumbnailUrl } = await urlsFor(id, owner.id, expires);
    for (const [target, accept, type] of [
      [url, 'image/avif,image/webp,*/*', 'image/webp'],
      [url, '*/*', 'image/jpeg'],
      [thumbnailUrl, 'image/webp', 'image/webp'],
      [thumbnailUrl, undefined, 'image/jpeg'],
    ] as const) {
      // The server counts whole seconds left at the moment it answers, between these two.
      const before = Math.floor(Date.now() / 1000);
      const res = await t.app.inject({
        method: 'GET',
        url: target,
        headers: { ...authHeader(owner.token), ...(accept === undefined ? {} : { accept }) },
      });
      const after = Math.floor(Date.now() / 1000);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers.vary).toMatch(/accept/i);
      const maxAge = Number(
        /^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']))?.[1],
      );
      expect(maxAge).toBeGreaterThanOrEqual(expires - after);
      expect(maxAge).toBeLessThanOrEqual(expires - before);
    }
    const head = await get(url, owner, 'image/webp', 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/webp');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers 404 to another viewer, a forged or altered signature, an expired URL and an unknown id', async () => {
    const owner = await person(t);
    const stranger = await person(t);
    const id = await upload(owner);
    const { url } = await urlsFor(id, owner.id);

    // Signed for someone else (or for nobody): not their upload, in no note they can read.
    expectNotFound(await get((await urlsFor(id, stranger.id)).url, stranger));
    expectNotFound(await get((await urlsFor(id, 0)).url, null));
    // The stranger's own token changes nothing: the URL decides.
    expectNotFound(
      await t.app.inject({
        method: 'GET',
        url: (await urlsFor(id, stranger.id)).url,
        headers: authHeader(owner.token),
      }),
    );
    // The owner's URL with the viewer, expiry or id changed, or a made-up signature.
    expectNotFound(await get(url.replace(`viewer=${owner.id}`, `viewer=${stranger.id}`), stranger));
    expectNotFound(
      await get(
        url.replace(/expires=(\d+)/, (_m, e: string) => `expires=${Number(e) + 3600}`),
        owner,
      ),
    );
    expectNotFound(await get(url.replace(`/media/${id}/`, `/media/${id + 1}/`), owner));
    expectNotFound(await get(url.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAA'), owner));
    // Expired, though signed with the real key.
    const past = Math.floor(Date.now() / 1000) - 1;
    expectNotFound(await get((await urlsFor(id, owner.id, past)).url, owner));
    // Unknown id, signed with the real key.
    expectNotFound(await get((await urlsFor(999_999, owner.id)).url, owner));
    // Malformed parts are 404s too, never 400s: they reveal nothing.
    for (const bad of [
      url.replace('/photo?', '/original?'),
      url.replace(`/media/${id}/`, '/media/abc/'),
      url.replace(`/media/${id}/`, '/media/0/'),
      url.replace(/sig=[^&]+/, 'sig=%00%01'),
      url.replace(/expires=\d+/, 'expires=soon'),
      url.split('?')[0]!,
      `${url}&sig=again`,
    ]) {
      expectNotFound(await get(bad, owner));
    }
  });

  it('opens a URL only as it was signed: its numbers spelled any other way are 404', async () => {
    const owner = await person(t);
    const id = await upload(owner);
    const expires = mediaUrlExpiry(new Date());
    const { url } = await urlsFor(id, owner.id, expires);
    expect((await get(url, owner)).statusCode).toBe(200);
    // Each names the same id, viewer and expiry as the signature covers, but not as written.
    const viewer = (spelled: string) => url.replace(`viewer=${owner.id}&`, `viewer=${spelled}&`);
    const expiry = (spelled: string) => url.replace(`expires=${expires}&`, `expires=${spelled}&`);
    for (const bad of [
      viewer(`0${owner.id}`),
      viewer(`${owner.id}.0`),
      viewer(`+${owner.id}`),
      viewer(`%20${owner.id}`),
      viewer(`${owner.id}%20`),
      viewer(`${owner.id}e0`),
      viewer(`0x${owner.id.toString(16)}`),
      expiry(`0${expires}`),
      expiry(`${expires}.0`),
      expiry(`${expires}.`),
      expiry(`+${expires}`),
      expiry(`${expires / 100}e2`),
      expiry(`%20${expires}`),
      url.replace(`/media/${id}/`, `/media/0${id}/`),
    ]) {
      expectNotFound(await get(bad, owner));
    }
    // Nobody's URL (viewer 0) is written `0`, and that one spelling opens a public note's photo.
    const note = await writeRumination(t, owner);
    await attach(id, note.id);
    const anonymous = (await urlsFor(id, 0, expires)).url;
    expect((await get(anonymous, null)).statusCode).toBe(200);
    expectNotFound(await get(anonymous.replace('viewer=0&', 'viewer=00&'), null));
  });

  it('answers a note’s photo to whoever may read the note, and stops when the relation ends or the note is trashed', async () => {
    const author = await person(t);
    const friend = await person(t);
    const stranger = await person(t);
    const relationId = await relation(t.db, author, friend, 2, 'accepted');
    const note = await writeRumination(t, author, { audiences: ['Friend'] });
    const id = await upload(author);
    await attach(id, note.id);

    const friendUrl = (await urlsFor(id, friend.id)).url;
    expect((await get(friendUrl, friend)).statusCode).toBe(200);
    expectNotFound(await get((await urlsFor(id, stranger.id)).url, stranger));
    expectNotFound(await get((await urlsFor(id, 0)).url, null));

    // The relation ends: the friend's URL, already handed out, stops at once.
    await t.db
      .updateTable('user_relations')
      .set({ is_deleted: 1 })
      .where('id', '=', relationId)
      .execute();
    await refreshViewerAudiences(t.db, author.id, friend.id);
    expectNotFound(await get(friendUrl, friend));

    // A public note's photo: anyone, signed in or not; until it goes to the trash.
    const open = await writeRumination(t, author);
    const publicId = await upload(author);
    await attach(publicId, open.id);
    const anonymousUrl = (await urlsFor(publicId, 0)).url;
    expect((await get(anonymousUrl, null)).statusCode).toBe(200);
    const authorUrl = (await urlsFor(publicId, author.id)).url;
    expect(
      (await call(t, 'DELETE', `/api/ruminations/${open.id}`, { as: author })).statusCode,
    ).toBe(204);
    expectNotFound(await get(anonymousUrl, null));
    expect((await get(authorUrl, author)).statusCode).toBe(200);
  });

  it('answers 404 for an upload whose time to be taken by a note has passed', async () => {
    const owner = await person(t);
    const id = await upload(owner);
    await t.db
      .updateTable('media')
      .set({ erase_after: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    expectNotFound(await get((await urlsFor(id, owner.id)).url, owner));
  });
});
