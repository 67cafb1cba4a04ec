import { MEDIA_SESSION_COOKIE, mediaCookieHeader, type MediaCookieOptions } from './media-session';

/**
 * The photo cookie's mark: which session the browser's photo cookie was last set for. The photo
 * cookie goes to /api/media alone, so a feed page's request never shows whether the browser holds
 * it; the mark goes to the whole API and does, so the photo cookie is set once per session (at its
 * first answer, after a refresh or a password change, after Sign Out ended it) instead of on every
 * signed-in answer. It names the session and proves nothing (no MAC): nothing reads it as a
 * credential, and a wrong one only makes the cookie be set again, or, forged, not be. It is set and
 * ended with the photo cookie, with the same lifetime and attributes, only its path wider.
 */

export const MEDIA_SESSION_MARK_COOKIE = `${MEDIA_SESSION_COOKIE}_for`;

/** Every API request carries it: the answers that set the photo cookie are anywhere under /api. */
export const MEDIA_MARK_PATH = '/api';

/** A `Set-Cookie` value for the mark: the photo cookie's attributes, on /api. */
export function mediaMarkCookieHeader(
  name: string,
  value: string,
  options: MediaCookieOptions,
): string {
  return mediaCookieHeader(name, value, options).replace(
    /; Path=[^;]*/,
    `; Path=${MEDIA_MARK_PATH}`,
  );
}
