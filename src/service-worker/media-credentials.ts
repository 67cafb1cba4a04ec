/**
 * The signed-in person's credentials on the app's own photo requests (api-contract.md "Photos"):
 * a photo's signed URL opens only for the person it was signed for, and an `<img>` sends no bearer
 * token, so the worker adds it. It learns the token from the page through IndexedDB, which the
 * page and the worker of one origin share (as the photo cache's names are shared): the page writes
 * it at sign-in and at every start, and deletes it at sign-out (features/photos/media-credentials.ts),
 * and the worker reads it for each photo request, so a worker stopped and started again between
 * two requests still knows it. The names are here, with no worker code, for the page to import.
 */

export const MEDIA_TOKEN_DB = 'media-credentials';
export const MEDIA_TOKEN_STORE = 'token';
/** The one key: one signed-in person per browser (the token lives in localStorage, shared by tabs). */
export const MEDIA_TOKEN_KEY = 'bearer';

/**
 * The request with `Authorization: Bearer <token>`, unless it has an Authorization of its own or
 * there is no token. An `<img>`'s request is `no-cors`, whose headers cannot hold Authorization:
 * the copy is a same-origin request (photo URLs are this origin's paths, photoCacheKey), which may
 * answer it. Its cookies go as the original's would: the server takes either credential.
 */
export function withBearerToken(request: Request, token: string | null): Request {
  if (token === null || token === '' || request.headers.has('Authorization')) return request;
  const headers = new Headers(request.headers);
  headers.set('Authorization', `Bearer ${token}`);
  return new Request(request.url, {
    method: request.method,
    headers,
    mode: 'same-origin',
    credentials: request.credentials,
    cache: request.cache,
    redirect: request.redirect,
    referrer: request.referrer,
    referrerPolicy: request.referrerPolicy,
    signal: request.signal,
  });
}
