import { describe, expect, it } from 'vitest';
import { MEDIA_SESSION_URL } from '../../src/api/media-session';
import { mediaUrlExpiry, signedMediaUrls } from '../../src/api/media-urls';
import { relationTypeOfAudience } from '../../src/domain/relation-types';
import { mediaCookieName } from '../../mocks/media-session';
import { createRelation, createUser, DEFAULT_TEST_PASSWORD } from '../../mocks/store/factories';
import { mediaSigner } from '../../mocks/views';
import { fetchImage, setupMediaBackend, uploaded, write } from './media-calls';
import { api } from './mock-backend';

setupMediaBackend();

/**
 * A photo's signed URL opens only with the credentials of the person it was signed for, in the mock
 * backend as on the server (tests/server/media-credentials.test.ts): their bearer token, or the
 * photo cookie signed-in answers set. Here MSW keeps that cookie in its jar and sends it back, as a
 * browser does: a person has one once an answer to their token has come (in these tests, only when
 * the test says so), and keeps it until it is ended.
 */

const FRIEND = relationTypeOfAudience('Friend');

async function friendsOnlyPhoto() {
  const maya = createUser({ username: 'maya' });
  const leo = createUser({ username: 'leo' });
  const stranger = createUser({ username: 'stranger' });
  createRelation({ initiatorId: maya.user.id, receiverId: leo.user.id, type: FRIEND });
  const photo = await uploaded(maya.token);
  const note = await write(maya.token, {
    content: 'Friends only',
    publish: true,
    audiences: ['Friend'],
    media: [{ id: photo, alt: 'Us' }],
  });
  expect(note.status).toBe(201);
  // Signed as leo's read would sign it; leo has made no call yet, so holds no cookie.
  const signed = await signedMediaUrls(
    photo,
    leo.user.id,
    mediaUrlExpiry(new Date()),
    await mediaSigner(),
  );
  return { maya, leo, stranger, photo, noteId: note.json.id as number, url: signed.url };
}

const status = async (url: string, token?: string) =>
  (await fetchImage(url, undefined, token)).response.status;

describe('a signed URL needs the credentials of its viewer', () => {
  it('answers 404 with none, or someone else’s; 200 with the viewer’s token or cookie', async () => {
    const { maya, leo, stranger, noteId, url } = await friendsOnlyPhoto();
    expect(await status(url)).toBe(404);
    expect(await status(url, stranger.token)).toBe(404);
    // Maya may see her photo, but this URL is leo's (and her cookie, set by her calls, is hers).
    expect(await status(url, maya.token)).toBe(404);
    const refused = await fetchImage(url);
    expect(JSON.parse(refused.bytes.toString()).title).toBe('Photo not found');

    expect(await status(url, leo.token)).toBe(200);
    // A photo's answer sets no cookie: still none without the token.
    expect(await status(url)).toBe(404);

    // Leo reads the note: the answer sets his photo cookie, and his <img>s send it.
    const read = await api('GET', `/api/ruminations/${noteId}`, { token: leo.token });
    expect(read.status).toBe(200);
    const [cookie, ...more] = read.headers.getSetCookie();
    expect(more).toEqual([]);
    const attributes = cookie!.split(';').map((a) => a.trim().toLowerCase());
    expect(attributes[0]).toBe(`${mediaCookieName(leo.user.id)}=${leo.token}`.toLowerCase());
    expect(attributes).toEqual(
      expect.arrayContaining(['httponly', 'samesite=strict', 'path=/api/media']),
    );
    // The mock is served over http in these tests: not Secure.
    expect(attributes).not.toContain('secure');
    const fromRead = read.json.media[0].url as string;
    expect(await status(fromRead)).toBe(200);
    expect(await status(url)).toBe(200);

    // Sign Out ends the cookie: 404 again without the token.
    const ended = await api('DELETE', MEDIA_SESSION_URL, { token: leo.token });
    expect(ended.status).toBe(204);
    expect(ended.headers.getSetCookie()[0]).toMatch(
      new RegExp(`^${mediaCookieName(leo.user.id)}=; Path=/api/media; Max-Age=0;`),
    );
    expect(await status(url)).toBe(404);
    // Without a token it ends nothing (and answers 204 all the same).
    expect((await api('DELETE', MEDIA_SESSION_URL)).status).toBe(204);
  });

  it('stops the token and the cookie when every session ends', async () => {
    const { leo, noteId, url } = await friendsOnlyPhoto();
    await api('GET', `/api/ruminations/${noteId}`, { token: leo.token });
    expect(await status(url)).toBe(200);
    expect(await status(url, leo.token)).toBe(200);
    const out = await api('POST', '/api/account/sign-out-everywhere', { token: leo.token });
    expect(out.status).toBe(204);
    expect(await status(url)).toBe(404);
    expect(await status(url, leo.token)).toBe(404);
  });

  it('stops with the account', async () => {
    const { leo, noteId, url } = await friendsOnlyPhoto();
    await api('GET', `/api/ruminations/${noteId}`, { token: leo.token });
    expect(await status(url)).toBe(200);
    const erased = await api('DELETE', '/api/account', {
      token: leo.token,
      body: { password: DEFAULT_TEST_PASSWORD },
    });
    expect(erased.status).toBe(204);
    expect(await status(url)).toBe(404);
  });

  it('a cookie made out to another person, or holding another’s token, proves nobody', async () => {
    const { maya, leo, stranger, url } = await friendsOnlyPhoto();
    for (const cookie of [
      `${mediaCookieName(leo.user.id)}=${stranger.token}`,
      `${mediaCookieName(leo.user.id)}=${maya.token}`,
      `${mediaCookieName(leo.user.id)}=not-a-token`,
      `${mediaCookieName(stranger.user.id)}=${leo.token}`,
      `media_session=${leo.token}`,
    ]) {
      const response = await fetchImage(url, undefined, undefined, cookie);
      expect(response.response.status, cookie).toBe(404);
    }
    const own = await fetchImage(
      url,
      undefined,
      undefined,
      `${mediaCookieName(leo.user.id)}=${leo.token}`,
    );
    expect(own.response.status).toBe(200);
  });

  it('opens a public note’s photos for anyone, whatever viewer the URL names, until the trash', async () => {
    const maya = createUser({ username: 'maya' });
    const leo = createUser({ username: 'leo' });
    const photo = await uploaded(maya.token);
    const note = await write(maya.token, {
      content: 'For everyone',
      publish: true,
      audiences: [],
      media: [{ id: photo, alt: 'Sea' }],
    });
    expect(note.status).toBe(201);
    const sign = await mediaSigner();
    const expires = mediaUrlExpiry(new Date());
    const urls = await Promise.all(
      [0, leo.user.id].map(
        async (viewer) => (await signedMediaUrls(photo, viewer, expires, sign)).url,
      ),
    );
    for (const url of urls) expect(await status(url), url).toBe(200);
    await api('DELETE', `/api/ruminations/${note.json.id}`, { token: maya.token });
    for (const url of urls) expect(await status(url), url).toBe(404);
  });
});
