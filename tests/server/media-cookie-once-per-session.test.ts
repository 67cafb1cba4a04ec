import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse as Response } from 'fastify';
import { MEDIA_SESSION_COOKIE, MEDIA_SESSION_URL } from '../../src/api/media-session';
import { MEDIA_SESSION_MARK_COOKIE } from '../../src/api/media-session-mark';
import { mediaUrlExpiry, signedMediaUrls } from '../../src/api/media-urls';
import { testUpload } from './media-test-uploads';
import { call, person } from './ruminations-support';
import { authHeader, createActiveUser, setUpTestApp } from './support/test-app';

/**
 * The photo cookie (api-contract.md "Photos") is set once per signed-in session, not on every
 * answer: an answer to a request that shows the browser holds that session's cookie sets none; the
 * first answer of a session, of a new token (a password change, a later sign-in) or after Sign Out
 * ended it sets it. The browser is played by a small cookie jar that sends back what answers set,
 * by path, as a browser does: the photo cookie to /api/media alone.
 */

const t = setUpTestApp();

interface Jar {
  cookies: Map<string, { value: string; path: string }>;
}

function setCookies(res: Response): string[] {
  const header = res.headers['set-cookie'];
  if (header === undefined) return [];
  return Array.isArray(header) ? header : [header];
}

/** Keeps what an answer set, drops what it ended (Max-Age=0). */
function keep(jar: Jar, res: Response): void {
  for (const header of setCookies(res)) {
    const [pair, ...attributes] = header.split(';').map((a) => a.trim());
    const at = pair!.indexOf('=');
    const name = pair!.slice(0, at);
    const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) ?? '/';
    if (/max-age=0$/i.test(attributes.find((a) => /^max-age=/i.test(a)) ?? '')) {
      jar.cookies.delete(name);
    } else {
      jar.cookies.set(name, { value: pair!.slice(at + 1), path });
    }
  }
}

/** The `Cookie` header a browser sends to `url`: the cookies whose path covers it. */
function cookieHeader(jar: Jar, url: string): Record<string, string> {
  const { pathname } = new URL(url, 'http://localhost');
  const sent = [...jar.cookies]
    .filter(([, c]) => pathname === c.path || pathname.startsWith(`${c.path}/`))
    .map(([name, c]) => `${name}=${c.value}`);
  return sent.length === 0 ? {} : { cookie: sent.join('; ') };
}

/** A request from the browser: its token, its cookies; what the answer sets is kept. */
async function browse(
  jar: Jar,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | null,
  body?: unknown,
): Promise<Response> {
  const headers = { accept: 'image/webp', ...cookieHeader(jar, url) };
  const res = await call(t, method, url, {
    headers: token === null ? headers : { ...headers, ...authHeader(token) },
    ...(body === undefined ? {} : { body }),
  });
  keep(jar, res);
  return res;
}

const photoCookieSet = (res: Response) =>
  setCookies(res).filter((c) => c.startsWith(`${MEDIA_SESSION_COOKIE}=`));

describe('the photo cookie is set once per session', () => {
  it('is set by the first signed-in answer, and by none after it while the browser holds it', async () => {
    const me = await person(t);
    const jar: Jar = { cookies: new Map() };
    const first = await browse(jar, 'GET', '/api/ruminations/my', me.token);
    expect(first.statusCode).toBe(200);
    expect(photoCookieSet(first)).toHaveLength(1);
    for (const url of ['/api/auth/me', '/api/ruminations/my', '/api/ruminations/public']) {
      const res = await browse(jar, 'GET', url, me.token);
      expect(res.statusCode, url).toBe(200);
      expect(setCookies(res), url).toEqual([]);
    }
    // A request without the browser's cookies (another browser, cookies cleared) gets it again.
    const bare = await call(t, 'GET', '/api/auth/me', { as: me });
    expect(photoCookieSet(bare)).toHaveLength(1);
  });

  it('opens the photo on a first visit with the cookie the first answer set, before and after answers that set none', async () => {
    const me = await person(t);
    const { id } = await testUpload(t, me);
    const signer = await t.app.media.signer();
    const { url } = await signedMediaUrls(id, me.id, mediaUrlExpiry(new Date()), signer);
    const jar: Jar = { cookies: new Map() };
    await browse(jar, 'GET', '/api/auth/me', me.token);
    // An `<img>`: no token, the cookies alone.
    expect((await browse(jar, 'GET', url, null)).statusCode).toBe(200);
    await browse(jar, 'GET', '/api/ruminations/my', me.token);
    expect((await browse(jar, 'GET', url, null)).statusCode).toBe(200);
  });

  it('is set again for a new token: a password change, a cookie of an older token', async () => {
    const me = await createActiveUser(t.app);
    const jar: Jar = { cookies: new Map() };
    await browse(jar, 'GET', '/api/auth/me', me.token);
    const changed = await browse(jar, 'PUT', '/api/account/password', me.token, {
      currentPassword: me.password,
      newPassword: 'a much newer passphrase',
      confirmPassword: 'a much newer passphrase',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const renewed = changed.json<{ accessToken: string }>().accessToken;
    const next = await browse(jar, 'GET', '/api/auth/me', renewed);
    expect(photoCookieSet(next)[0]).toMatch(new RegExp(`^${MEDIA_SESSION_COOKIE}=${me.id}\\.1\\.`));
    expect(setCookies(await browse(jar, 'GET', '/api/auth/me', renewed))).toEqual([]);

    // The browser's cookie names a token that expired sooner (the one before a refresh).
    const mark = jar.cookies.get(MEDIA_SESSION_MARK_COOKIE)!;
    const [user, version, expires] = mark.value.split('.').map(Number) as [number, number, number];
    mark.value = `${user}.${version}.${expires - 3600}`;
    expect(photoCookieSet(await browse(jar, 'GET', '/api/auth/me', renewed))).toHaveLength(1);
  });

  it('is set again after Sign Out ended it', async () => {
    const me = await person(t);
    const jar: Jar = { cookies: new Map() };
    await browse(jar, 'GET', '/api/auth/me', me.token);
    expect(setCookies(await browse(jar, 'GET', '/api/auth/me', me.token))).toEqual([]);
    const ended = await browse(jar, 'DELETE', MEDIA_SESSION_URL, me.token);
    expect(ended.statusCode).toBe(204);
    expect(jar.cookies.size).toBe(0);
    // Another tab's session, still signed in, is set its cookie by its next answer.
    expect(photoCookieSet(await browse(jar, 'GET', '/api/auth/me', me.token))).toHaveLength(1);
  });
});
