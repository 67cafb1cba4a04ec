import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { Kysely } from 'kysely';
import { bearerTokenOf } from '../../../src/api/http-problems';
import {
  endedMediaCookieHeader,
  MEDIA_COOKIE_PATH,
  MEDIA_SESSION_COOKIE,
  mediaCookieHeader,
  readCookies,
} from '../../../src/api/media-session';
import {
  MEDIA_SESSION_MARK_COOKIE,
  mediaMarkCookieHeader,
} from '../../../src/api/media-session-mark';
import { macsEqual, type MediaSigner } from '../../../src/api/media-urls';
import { tokenOpensApi, userOfToken } from '../../credentials/request-auth';
import { onPrimary } from '../../db/request-reads';
import type { Database } from '../../db/schema';

/**
 * The photo cookie's value and the credentials of a photo request (api-contract.md "Photos";
 * names and attributes: src/api/media-session.ts).
 *
 * The cookie names the session of a bearer token: its person, the token's version and its expiry,
 * with a mac by the key that signs photo URLs (another payload than theirs). It is no token: it
 * opens photos only. It ends with its token: at the token's expiry (its Max-Age), and at once when
 * the person's token version moves on (sign out everywhere, a password change) or the account
 * goes, as a token does (tokenOpensApi); Sign Out asks for it to be ended (DELETE
 * /api/media/session), since the token itself lives on in no browser but is not revoked.
 */

/** A signed-in session as the cookie names it. */
export interface MediaSession {
  userId: number;
  tokenVersion: number;
  /** The token's expiry, in seconds since the epoch. */
  expires: number;
}

function sessionPayload(session: MediaSession): string {
  return `media-session:${session.userId}:${session.tokenVersion}:${session.expires}`;
}

export async function mediaSessionValue(session: MediaSession, sign: MediaSigner): Promise<string> {
  const mac = await sign(sessionPayload(session));
  return `${session.userId}.${session.tokenVersion}.${session.expires}.${mac}`;
}

/** The session a cookie value names, if its mac checks and it has not expired; else null. */
export async function readMediaSession(
  value: string | undefined,
  sign: MediaSigner,
  now: Date,
): Promise<MediaSession | null> {
  const parts = /^(\d{1,10})\.(\d{1,10})\.(\d{1,12})\.([\w-]{1,64})$/.exec(value ?? '');
  if (parts === null) return null;
  const session = {
    userId: Number(parts[1]),
    tokenVersion: Number(parts[2]),
    expires: Number(parts[3]),
  };
  if (session.expires * 1000 <= now.getTime()) return null;
  return macsEqual(await sign(sessionPayload(session)), parts[4]!) ? session : null;
}

/** Whether the session's token would still open the API (the account active, its version current). */
async function sessionStillOpen(db: Kysely<Database>, session: MediaSession): Promise<boolean> {
  // On the primary, as a token is checked: a session ended a moment ago must not live on a replica.
  const user = await onPrimary(() =>
    db
      .selectFrom('users')
      .select(['token_version', 'is_active'])
      .where('id', '=', session.userId)
      .executeTakeFirst(),
  );
  return tokenOpensApi(session, user);
}

/** What reading a request's credentials needs of the app. */
export interface MediaCredentialsContext {
  db: Kysely<Database>;
  jwtSecret: Uint8Array;
  signer: () => Promise<MediaSigner>;
}

/**
 * The people whose live credentials a photo request carries: the bearer token's, the cookie's.
 * A token that is malformed, forged, expired or revoked proves nobody (a photo answers 404, never
 * 401: it tells nothing).
 */
export async function requestCredentials(
  context: MediaCredentialsContext,
  request: FastifyRequest,
  now: Date,
): Promise<number[]> {
  const people: number[] = [];
  const bearer = bearerTokenOf(request.headers.authorization);
  if (bearer.ok && bearer.value !== null) {
    const user = await userOfToken(context.db, context.jwtSecret, bearer.value);
    if (user !== null) people.push(user.id);
  }
  const cookie = readCookies(request.headers.cookie).get(MEDIA_SESSION_COOKIE);
  const session = await readMediaSession(cookie, await context.signer(), now);
  if (session !== null && !people.includes(session.userId)) {
    if (await sessionStillOpen(context.db, session)) people.push(session.userId);
  }
  return people;
}

/** Whether the request came over HTTPS (through a trusted proxy too), or the app is served so. */
export function overHttps(request: FastifyRequest, appUrl: string): boolean {
  return request.protocol === 'https' || appUrl.startsWith('https:');
}

/** The photo cookie's mark for a session (src/api/media-session-mark.ts): who, which token. */
export function mediaSessionMark(session: MediaSession): string {
  return `${session.userId}.${session.tokenVersion}.${session.expires}`;
}

/** The `Set-Cookie` values that end the photo cookie and its mark (Sign Out). */
export function endedMediaSessionHeaders(secure: boolean): string[] {
  return [
    endedMediaCookieHeader(MEDIA_SESSION_COOKIE, secure),
    mediaMarkCookieHeader(MEDIA_SESSION_MARK_COOKIE, '', { maxAgeSeconds: 0, secure }),
  ];
}

/**
 * Whether the browser holds the photo cookie of this session already: a photo request carries the
 * cookie itself; any other carries only its mark.
 */
async function holdsMediaSession(
  request: FastifyRequest,
  session: MediaSession,
  sign: MediaSigner,
): Promise<boolean> {
  const cookies = readCookies(request.headers.cookie);
  if (request.url.startsWith(`${MEDIA_COOKIE_PATH}/`) || request.url === MEDIA_COOKIE_PATH) {
    const held = cookies.get(MEDIA_SESSION_COOKIE);
    return held !== undefined && held === (await mediaSessionValue(session, sign));
  }
  return cookies.get(MEDIA_SESSION_MARK_COOKIE) === mediaSessionMark(session);
}

/**
 * Sets the photo cookie, and its mark, on a successful answer to a request signed in with a bearer
 * token, unless the request shows the browser holds that session's cookie already: so the first
 * answer of a session (after sign-in, a token refresh, a password change, or Sign Out ended the
 * cookie) sets it, and the rest of the session's answers carry no Set-Cookie. So the answer that
 * hands out photo URLs (a list of notes, a note) carries, or follows, the cookie that opens them,
 * and the `<img>`s it leads to load on a first visit, before the service worker controls the page
 * and adds the token; no extra request, no race with one. Answers to requests that never asked who
 * the caller is (sign-in, the photos themselves, DELETE /api/media/session) set none.
 */
export function installMediaSessionCookie(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.authResult === null || reply.statusCode >= 300) return payload;
    const user = await request.authResult.catch(() => null);
    const token = bearerTokenOf(request.headers.authorization);
    if (user === null || !token.ok || token.value === null) return payload;
    // Verified already by authenticate(): only its claims are read here.
    const { exp, tv } = decodeJwt(token.value);
    if (typeof exp !== 'number' || typeof tv !== 'number') return payload;
    const session = { userId: user.id, tokenVersion: tv, expires: exp };
    const sign = await app.media.signer();
    if (await holdsMediaSession(request, session, sign)) return payload;
    const options = {
      maxAgeSeconds: exp - Math.floor(Date.now() / 1000),
      secure: overHttps(request, app.config.appUrl),
    };
    void reply.header('set-cookie', [
      mediaCookieHeader(MEDIA_SESSION_COOKIE, await mediaSessionValue(session, sign), options),
      mediaMarkCookieHeader(MEDIA_SESSION_MARK_COOKIE, mediaSessionMark(session), options),
    ]);
    return payload;
  });
}
