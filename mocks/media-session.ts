import { HttpResponse } from 'msw';
import { bearerTokenOf } from '../src/api/http-problems';
import {
  endedMediaCookieHeader,
  MEDIA_SESSION_COOKIE,
  MEDIA_SESSION_URL,
  mediaCookieHeader,
} from '../src/api/media-session';
import { userIdOfToken } from './store/tokens';

/**
 * The credentials of a photo request in the mock backend (api-contract.md "Photos"; the server's
 * are server/modules/media/media-session.ts): the bearer token, or the photo cookie the mock sets
 * on signed-in answers as the server does. MSW keeps mocked cookies in a jar of its own (in the
 * demo, in localStorage) and sends them with the requests their path covers, `<img>`s included:
 * the demo's photos load through them, as there is no service worker of the app to add the token.
 *
 * Two differences, both of the demo: each tab is a session of its own (src/lib/token-storage.ts)
 * while the jar is the browser's, so each person's cookie has their id in its name, and two people
 * in two tabs keep theirs; and the value is the session's token itself (the mock's tokens are keys
 * of its store, in the same localStorage), so a revoked token ends its cookie.
 */

/** The mock's tokens do not expire: the cookie lasts as long as the server's tokens live. */
const COOKIE_LIFETIME_S = 7 * 24 * 60 * 60;

/** The cookie of one person's session. */
export function mediaCookieName(userId: number): string {
  return `${MEDIA_SESSION_COOKIE}_${userId}`;
}

const COOKIE_NAME = new RegExp(`^${MEDIA_SESSION_COOKIE}_(\\d+)$`);

function overHttps(request: Request): boolean {
  return new URL(request.url).protocol === 'https:';
}

/** The session of a request's bearer token, if it names a live one. */
function bearerSession(request: Request): { userId: number; token: string } | null {
  const read = bearerTokenOf(request.headers.get('Authorization'));
  if (!read.ok || read.value === null) return null;
  const userId = userIdOfToken(read.value);
  return userId === undefined ? null : { userId, token: read.value };
}

/**
 * The people whose live credentials a request carries: its bearer token's, and those of its photo
 * cookies whose session still holds (`cookies` as MSW read them: the jar's and the header's).
 * Anything malformed or revoked proves nobody.
 */
export function mediaRequestCredentials(
  request: Request,
  cookies: Record<string, string>,
): number[] {
  const people: number[] = [];
  const bearer = bearerSession(request);
  if (bearer !== null) people.push(bearer.userId);
  for (const [name, value] of Object.entries(cookies)) {
    const named = Number(COOKIE_NAME.exec(name)?.[1]);
    if (userIdOfToken(value) === named && !people.includes(named)) people.push(named);
  }
  return people;
}

/** Photo requests read credentials and hand out no URL; DELETE of the cookie answers its own. */
function setsNoCookie(request: Request): boolean {
  const { pathname } = new URL(request.url);
  if (pathname === MEDIA_SESSION_URL) return true;
  return request.method === 'GET' && pathname.startsWith('/api/media/');
}

/**
 * A successful answer to a request signed in with a bearer token, with the photo cookie of its
 * session (mocks/http.ts `route` passes every answer here), as the server's onSend hook does: the
 * answer that hands out photo URLs carries the cookie that opens them.
 */
export function withMediaSession(request: Request, response: Response): Response {
  if (response.status < 200 || response.status >= 300 || setsNoCookie(request)) return response;
  const session = bearerSession(request);
  if (session === null) return response;
  const headers = new Headers(response.headers);
  headers.append(
    'Set-Cookie',
    mediaCookieHeader(mediaCookieName(session.userId), session.token, {
      maxAgeSeconds: COOKIE_LIFETIME_S,
      secure: overHttps(request),
    }),
  );
  // Anew: a Response's own headers take no Set-Cookie, and MSW reads it from HttpResponse's init.
  return new HttpResponse(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/**
 * DELETE /api/media/session (Sign Out): ends the photo cookie of the session whose token the
 * request still carries (the SPA sends the token it is dropping); 204 whoever asks.
 */
export function endMediaSession(request: Request): Response {
  const read = bearerTokenOf(request.headers.get('Authorization'));
  const userId = read.ok && read.value !== null ? userIdOfToken(read.value) : undefined;
  return new HttpResponse(null, {
    status: 204,
    headers:
      userId === undefined
        ? {}
        : { 'Set-Cookie': endedMediaCookieHeader(mediaCookieName(userId), overHttps(request)) },
  });
}
