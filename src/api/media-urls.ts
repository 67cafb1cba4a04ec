/**
 * The signed URLs of photos (api-contract.md "Photos"): an `<img>` cannot send a bearer token, so
 * each URL names the viewer it was signed for and when it expires, with an HMAC of both over the
 * photo's id. The server and the mock backend write and check the same form; each keeps its own
 * key (the server's in the database, so that every instance checks every other's URLs).
 *
 *   /api/media/{id}/{variant}?viewer={userId, 0 when signed out}&expires={unix seconds}&sig={mac}
 *
 * The mac covers id, viewer and expiry, not the variant: a photo's two URLs share it. The address
 * alone opens only a public note's photo: any other request must also carry the viewer's
 * credentials, their bearer token or their photo cookie (src/api/media-session.ts).
 */

export const MEDIA_VARIANTS = ['photo', 'thumbnail'] as const;
export type MediaVariant = (typeof MEDIA_VARIANTS)[number];

/** The viewer a URL is signed for when nobody is signed in (public notes). */
export const ANONYMOUS_VIEWER = 0;

/** A URL is valid at least this long... */
export const MEDIA_URL_MIN_VALID_S = 60 * 60;
/** ...and expiries are rounded up to this step, so that a note read twice in a while keeps its URLs (and the browser its cached photo). */
const EXPIRY_STEP_S = 60 * 60;

/** When a URL signed at `now` expires: between one and two hours later, the same for an hour. */
export function mediaUrlExpiry(now: Date): number {
  const earliest = Math.floor(now.getTime() / 1000) + MEDIA_URL_MIN_VALID_S;
  return Math.ceil(earliest / EXPIRY_STEP_S) * EXPIRY_STEP_S;
}

/** What the mac covers. */
export function mediaSignaturePayload(mediaId: number, viewerId: number, expires: number): string {
  return `media:${mediaId}:${viewerId}:${expires}`;
}

/** The mac's length: 128 bits of HMAC-SHA256, base64url. */
export const MEDIA_MAC_BYTES = 16;

export function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Signs payloads with a secret, the same in every runtime (WebCrypto: the browser and Node). */
export type MediaSigner = (payload: string) => Promise<string> | string;

export async function webCryptoMediaSigner(secret: Uint8Array): Promise<MediaSigner> {
  const key = await crypto.subtle.importKey(
    'raw',
    secret as Uint8Array<ArrayBuffer>,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return async (payload) => {
    const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(payload));
    return base64url(new Uint8Array(mac).slice(0, MEDIA_MAC_BYTES));
  };
}

/** A photo's two URLs, signed for `viewerId` until `expires`. */
export async function signedMediaUrls(
  mediaId: number,
  viewerId: number,
  expires: number,
  sign: MediaSigner,
): Promise<{ url: string; thumbnailUrl: string }> {
  const sig = await sign(mediaSignaturePayload(mediaId, viewerId, expires));
  const query = `?viewer=${viewerId}&expires=${expires}&sig=${sig}`;
  return {
    url: `/api/media/${mediaId}/photo${query}`,
    thumbnailUrl: `/api/media/${mediaId}/thumbnail${query}`,
  };
}

/** Whether a fetched URL's mac and expiry check (constant-time comparison of the macs). */
export async function mediaUrlChecks(
  mediaId: number,
  query: { viewer: number; expires: number; sig: string },
  now: Date,
  sign: MediaSigner,
): Promise<boolean> {
  if (query.expires * 1000 <= now.getTime()) return false;
  return macsEqual(
    await sign(mediaSignaturePayload(mediaId, query.viewer, query.expires)),
    query.sig,
  );
}

/** Whether a mac is the expected one, compared in constant time (as written, never decoded). */
export function macsEqual(expected: string, given: string): boolean {
  if (expected.length !== given.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ given.charCodeAt(i);
  return diff === 0;
}
