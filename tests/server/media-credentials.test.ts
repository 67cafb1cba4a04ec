import { describe, expect, it } from 'vitest';
import type { FastifyRequest, LightMyRequestResponse as Response } from 'fastify';
import { MEDIA_SESSION_COOKIE, MEDIA_SESSION_URL } from '../../src/api/media-session';
import { MEDIA_SESSION_MARK_COOKIE } from '../../src/api/media-session-mark';
import { mediaUrlExpiry, signedMediaUrls } from '../../src/api/media-urls';
import { MEDIA_PROBLEMS } from '../../src/domain/media-decisions';
import { overHttps } from '../../server/modules/media/media-session';
import { testUpload } from './media-test-uploads';
import { call, person, relation, writeRumination } from './ruminations-support';
import {
  authHeader,
  createActiveUser,
  createTestApp,
  setUpTestApp,
  type TestApp,
} from './support/test-app';

/**
 * A photo's signed URL opens only with the credentials of the person it was signed for
 * (api-contract.md "Photos"): their bearer token, or the photo cookie the server set for their
 * signed-in session (HttpOnly, SameSite=Strict, Path=/api/media, Secure over HTTPS, ended with the
 * token). No credentials, or someone else's: 404. A public note's photos open for anyone.
 */

const t = setUpTestApp();

const FRIEND = 2;

async function attach(mediaId: number, ruminationId: number): Promise<void> {
  await t.db
    .updateTable('media')
    .set({ rumination_id: ruminationId, position: 0, erase_after: null })
    .where('id', '=', mediaId)
    .execute();
}

async function urlFor(id: number, viewerId: number): Promise<string> {
  const signer = await t.app.media.signer();
  return (await signedMediaUrls(id, viewerId, mediaUrlExpiry(new Date()), signer)).url;
}

function get(app: TestApp, url: string, headers: Record<string, string> = {}) {
  return app.app.inject({ method: 'GET', url, headers: { accept: 'image/webp', ...headers } });
}

function setCookies(res: Response): string[] {
  const header = res.headers['set-cookie'];
  if (header === undefined) return [];
  return Array.isArray(header) ? header : [header];
}

/** The photo cookie an answer set, as the browser would send it back (`name=value`). */
function photoCookieOf(res: Response): string {
  const found = setCookies(res).find((c) => c.startsWith(`${MEDIA_SESSION_COOKIE}=`));
  if (found === undefined) throw new Error(`no photo cookie in ${JSON.stringify(res.headers)}`);
  return found.split(';')[0]!;
}

/** The photo cookie of a person's signed-in session: set by any answer to them (here /me). */
async function photoCookie(who: { token: string }, app: TestApp = t): Promise<string> {
  const me = await app.app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: authHeader(who.token),
  });
  expect(me.statusCode, me.body).toBe(200);
  return photoCookieOf(me);
}

function expectNotFound(res: Response, why: string): void {
  expect(res.statusCode, `${why}: ${res.body}`).toBe(404);
  expect(res.json<{ title: string }>().title).toBe(MEDIA_PROBLEMS.notFound.title);
}

/** A Friends-only note of `author` holding one photo, and the people around it. */
async function friendsOnlyPhoto() {
  const author = await person(t);
  const friend = await person(t);
  const stranger = await person(t);
  await relation(t.db, author, friend, FRIEND, 'accepted');
  const note = await writeRumination(t, author, { audiences: ['Friend'] });
  const { id } = await testUpload(t, author);
  await attach(id, note.id);
  return { author, friend, stranger, note, id, url: await urlFor(id, friend.id) };
}

describe('a signed URL needs the credentials of its viewer', () => {
  it('answers 404 with no credentials, a stranger’s, or another reader’s; 200 with the viewer’s token or cookie', async () => {
    const { author, friend, stranger, url } = await friendsOnlyPhoto();

    expectNotFound(await get(t, url), 'no credentials');
    expectNotFound(await get(t, url, authHeader(stranger.token)), 'a stranger’s token');
    expectNotFound(
      await get(t, url, { cookie: await photoCookie(stranger) }),
      'a stranger’s cookie',
    );
    // The author may see the photo, but this URL was signed for the friend: it is not theirs.
    expectNotFound(await get(t, url, authHeader(author.token)), 'the author’s token');
    expectNotFound(await get(t, url, { cookie: await photoCookie(author) }), 'the author’s cookie');

    const withToken = await get(t, url, authHeader(friend.token));
    expect(withToken.statusCode, withToken.body).toBe(200);
    expect(withToken.headers['content-type']).toBe('image/webp');
    // Kept by the browser for these credentials only.
    expect(withToken.headers.vary).toMatch(/accept/i);
    expect(withToken.headers.vary).toMatch(/authorization/i);
    expect(withToken.headers.vary).toMatch(/cookie/i);
    const cookie = await photoCookie(friend);
    expect((await get(t, url, { cookie })).statusCode).toBe(200);
    // Beside other cookies, and whatever else the header says.
    expect((await get(t, url, { cookie: `theme=dark; ${cookie}; other=1` })).statusCode).toBe(200);
    expect((await get(t, url, { ...authHeader(stranger.token), cookie })).statusCode).toBe(200);
  });

  it('answers 404, never 401, to a token or cookie that is malformed, forged or altered', async () => {
    const { friend, stranger, url } = await friendsOnlyPhoto();
    const cookie = await photoCookie(friend);
    const [, value] = cookie.split('=') as [string, string];
    const [userId, version, expires, mac] = value.split('.') as [string, string, string, string];
    for (const [why, headers] of [
      ['a token that is no token', authHeader('not-a-token')],
      ['another scheme', { authorization: `Basic ${friend.token}` }],
      ['a token with its signature altered', authHeader(`${friend.token.slice(0, -2)}AA`)],
      [
        'the cookie made out to the stranger',
        { cookie: `${MEDIA_SESSION_COOKIE}=${stranger.id}.${version}.${expires}.${mac}` },
      ],
      [
        'the cookie with a later expiry',
        { cookie: `${MEDIA_SESSION_COOKIE}=${userId}.${version}.${Number(expires) + 3600}.${mac}` },
      ],
      [
        'the cookie with another version',
        { cookie: `${MEDIA_SESSION_COOKIE}=${userId}.${Number(version) + 1}.${expires}.${mac}` },
      ],
      [
        'the cookie with a made-up mac',
        {
          cookie: `${MEDIA_SESSION_COOKIE}=${userId}.${version}.${expires}.AAAAAAAAAAAAAAAAAAAAAA`,
        },
      ],
      [
        'the cookie cut short',
        { cookie: `${MEDIA_SESSION_COOKIE}=${userId}.${version}.${expires}` },
      ],
      ['the mac alone under another name', { cookie: `session=${value}` }],
    ] as const) {
      expectNotFound(await get(t, url, headers), why);
    }
    // A broken Authorization header does not hide a good cookie.
    expect((await get(t, url, { authorization: 'Bearer', cookie })).statusCode).toBe(200);
  });

  it('stops the token and the cookie when the session ends: sign out everywhere, a password change, the account erased', async () => {
    const author = await createActiveUser(t.app);
    const readers = [
      await createActiveUser(t.app),
      await createActiveUser(t.app),
      await createActiveUser(t.app),
    ];
    const note = await writeRumination(t, author, { audiences: ['Friend'] });
    const { id } = await testUpload(t, author);
    await attach(id, note.id);
    const ends = [
      { method: 'POST', url: '/api/account/sign-out-everywhere' },
      {
        method: 'PUT',
        url: '/api/account/password',
        body: {
          currentPassword: readers[1]!.password,
          newPassword: 'a much newer passphrase',
          confirmPassword: 'a much newer passphrase',
        },
      },
      { method: 'DELETE', url: '/api/account', body: { password: readers[2]!.password } },
    ] as const;
    for (const [i, reader] of readers.entries()) {
      await relation(t.db, author, reader, FRIEND, 'accepted');
      const url = await urlFor(id, reader.id);
      const cookie = await photoCookie(reader);
      expect((await get(t, url, authHeader(reader.token))).statusCode).toBe(200);
      expect((await get(t, url, { cookie })).statusCode).toBe(200);

      const end = ends[i]!;
      const ended = await call(t, end.method, end.url, {
        as: reader,
        ...('body' in end ? { body: end.body } : {}),
      });
      expect(ended.statusCode, ended.body).toBeLessThan(300);

      expectNotFound(await get(t, url, authHeader(reader.token)), `${end.url}: the token`);
      expectNotFound(await get(t, url, { cookie }), `${end.url}: the cookie`);
      if (end.method === 'PUT') {
        // The session goes on with the new token the change answered, and a cookie of its own.
        const renewed = { token: ended.json<{ accessToken: string }>().accessToken };
        expect((await get(t, url, authHeader(renewed.token))).statusCode).toBe(200);
        expect((await get(t, url, { cookie: await photoCookie(renewed) })).statusCode).toBe(200);
      }
    }
  });

  it('opens a public note’s photos for anyone, whatever viewer the URL names, until the note goes to the trash', async () => {
    const author = await person(t);
    const reader = await person(t);
    const note = await writeRumination(t, author, { audiences: [] });
    const { id } = await testUpload(t, author);
    await attach(id, note.id);
    const anonymous = await urlFor(id, 0);
    const readers = await urlFor(id, reader.id);
    const authors = await urlFor(id, author.id);
    for (const url of [anonymous, readers, authors]) {
      expect((await get(t, url)).statusCode, url).toBe(200);
    }

    expect(
      (await call(t, 'DELETE', `/api/ruminations/${note.id}`, { as: author })).statusCode,
    ).toBe(204);
    expectNotFound(await get(t, anonymous), 'trashed, anonymous');
    expectNotFound(await get(t, readers, authHeader(reader.token)), 'trashed, the reader');
    // Her own upload, as her trash shows it: to her credentials only.
    expectNotFound(await get(t, authors), 'trashed, no credentials');
    expect((await get(t, authors, authHeader(author.token))).statusCode).toBe(200);
  });

  it('opens an upload no note holds yet to its owner’s credentials only', async () => {
    const owner = await person(t);
    const { id } = await testUpload(t, owner);
    const url = await urlFor(id, owner.id);
    expectNotFound(await get(t, url), 'no credentials');
    expect((await get(t, url, authHeader(owner.token))).statusCode).toBe(200);
    expect((await get(t, url, { cookie: await photoCookie(owner) })).statusCode).toBe(200);
  });
});

describe('the photo cookie', () => {
  const expectAttributes = (header: string, secure: boolean) => {
    const attributes = header.split(';').map((a) => a.trim().toLowerCase());
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=strict');
    expect(attributes).toContain('path=/api/media');
    expect(attributes.includes('secure')).toBe(secure);
  };

  it('is set on signed-in answers, for the rest of the token’s life, HttpOnly, SameSite=Strict, on /api/media', async () => {
    const me = await person(t);
    for (const url of ['/api/auth/me', '/api/ruminations/my', '/api/ruminations/public']) {
      const res = await call(t, 'GET', url, { as: me });
      expect(res.statusCode, url).toBe(200);
      const [header, mark, ...more] = setCookies(res);
      expect(header, url).toMatch(new RegExp(`^${MEDIA_SESSION_COOKIE}=${me.id}\\.0\\.\\d+\\.`));
      expectAttributes(header!, false);
      // Tokens live 7 days: so does the cookie, counted from now.
      const maxAge = Number(/max-age=(\d+)/i.exec(header!)?.[1]);
      expect(maxAge).toBeGreaterThan(7 * 24 * 3600 - 60);
      expect(maxAge).toBeLessThanOrEqual(7 * 24 * 3600);
      // Its mark (which session the browser holds) names no MAC and goes to the whole API.
      const [, expires] = new RegExp(`^${MEDIA_SESSION_COOKIE}=${me.id}\\.0\\.(\\d+)\\.`).exec(
        header!,
      )!;
      expect(mark).toBe(
        `${MEDIA_SESSION_MARK_COOKIE}=${me.id}.0.${expires}; Path=/api; Max-Age=${maxAge}; HttpOnly; SameSite=Strict`,
      );
      expect(more).toEqual([]);
    }
  });

  it('is set on no other answer: signed out, refused, signing in, a photo', async () => {
    const me = await createActiveUser(t.app);
    const { id } = await testUpload(t, me);
    const answers = [
      await call(t, 'GET', '/api/ruminations/public'),
      await call(t, 'GET', '/api/auth/me'),
      await call(t, 'GET', '/api/ruminations/999999', { headers: authHeader(me.token) }),
      await call(t, 'GET', '/api/ruminations/my', { headers: authHeader('forged') }),
      await call(t, 'POST', '/api/auth/login', {
        body: { username: me.username, password: me.password },
      }),
      await get(t, await urlFor(id, me.id), authHeader(me.token)),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404, 401, 200, 200]);
    for (const res of answers) expect(setCookies(res)).toEqual([]);
  });

  it('is ended by DELETE /api/media/session (Sign Out), whoever asks, with its mark', async () => {
    const me = await person(t);
    for (const as of [me, null]) {
      const res = await call(t, 'DELETE', MEDIA_SESSION_URL, { as });
      expect(res.statusCode).toBe(204);
      const [header, mark, ...more] = setCookies(res);
      expect(more).toEqual([]);
      expect(mark).toMatch(new RegExp(`^${MEDIA_SESSION_MARK_COOKIE}=; Path=/api; Max-Age=0;`));
      expect(header).toMatch(new RegExp(`^${MEDIA_SESSION_COOKIE}=;`));
      expect(header).toMatch(/max-age=0(;|$)/i);
      expectAttributes(header!, false);
    }
  });

  it('is Secure over HTTPS: a request through a trusted proxy that says so, or an app served over it', async () => {
    const proxied = await createTestApp({ config: { trustProxy: true } });
    try {
      const me = await person(proxied);
      for (const [proto, secure] of [
        ['https', true],
        ['http', false],
      ] as const) {
        const headers = { ...authHeader(me.token), 'x-forwarded-proto': proto };
        const res = await proxied.app.inject({ method: 'GET', url: '/api/auth/me', headers });
        expectAttributes(setCookies(res)[0]!, secure);
        const ended = await proxied.app.inject({
          method: 'DELETE',
          url: MEDIA_SESSION_URL,
          headers,
        });
        expectAttributes(setCookies(ended)[0]!, secure);
      }
    } finally {
      await proxied.close();
    }
    const request = (protocol: 'http' | 'https') => ({ protocol }) as FastifyRequest;
    expect(overHttps(request('http'), 'https://ruminations.example')).toBe(true);
    expect(overHttps(request('https'), 'http://localhost:3000')).toBe(true);
    expect(overHttps(request('http'), 'http://localhost:3000')).toBe(false);
  });
});
