/**
 * The photo cookie (api-contract.md "Photos"): a photo's signed URL opens only for a request that
 * carries the credentials of the person it was signed for. The service worker adds their bearer
 * token to the app's photo requests, but an `<img>` of a page it does not control yet (a first
 * visit, a hard reload) sends none; for those, the server sets a cookie for the signed-in session,
 * good for /api/media alone and ended with the token. Its value is the server's (or the mock's)
 * own; its name, path and attributes are written here, once for both.
 */

export const MEDIA_SESSION_COOKIE = 'media_session';

/** Where the browser sends it: photo requests only, never the rest of the API. */
export const MEDIA_COOKIE_PATH = '/api/media';

/** DELETE ends the photo cookie: the SPA calls it at sign-out (the token itself lives on). */
export const MEDIA_SESSION_URL = '/api/media/session';

export interface MediaCookieOptions {
  /** Seconds the browser keeps it: the rest of the token's life (0 ends it). */
  maxAgeSeconds: number;
  /** Over HTTPS only: sent by the browser over HTTPS alone. */
  secure: boolean;
}

/** A `Set-Cookie` value: HttpOnly (no script reads it) and SameSite=Strict (no other site sends it). */
export function mediaCookieHeader(
  name: string,
  value: string,
  { maxAgeSeconds, secure }: MediaCookieOptions,
): string {
  return [
    `${name}=${value}`,
    `Path=${MEDIA_COOKIE_PATH}`,
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The `Set-Cookie` value that ends the cookie `name` (same path, no value, no time left). */
export function endedMediaCookieHeader(name: string, secure: boolean): string {
  return mediaCookieHeader(name, '', { maxAgeSeconds: 0, secure });
}

/** The cookies of a `Cookie` header by name; of a name sent twice, the first (the closest path). */
export function readCookies(header: string | null | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at < 0) continue;
    const name = pair.slice(0, at).trim();
    if (name !== '' && !cookies.has(name)) cookies.set(name, pair.slice(at + 1).trim());
  }
  return cookies;
}
