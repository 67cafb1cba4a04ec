import { createStore, del, set } from 'idb-keyval';
import { MEDIA_SESSION_URL } from '../../api/media-session';
// The names only (no worker code): the worker and the page must agree on them.
import {
  MEDIA_TOKEN_DB,
  MEDIA_TOKEN_KEY,
  MEDIA_TOKEN_STORE,
} from '../../service-worker/media-credentials';

/**
 * The page's half of the credentials photo requests carry (api-contract.md "Photos"): the token
 * left in IndexedDB for the service worker, which adds it to the app's photo requests
 * (src/service-worker/media-credentials.ts), and the photo cookie the server sets, which only the
 * server can end (it is HttpOnly). Failures are swallowed: photos then load by the other
 * credential, or not at all, and nobody stays signed in or out because of them.
 */

function tokenStore() {
  // No IndexedDB (a test's DOM, a private mode that refuses it): the cookie alone serves.
  return typeof indexedDB === 'undefined' ? null : createStore(MEDIA_TOKEN_DB, MEDIA_TOKEN_STORE);
}

/** Tells the worker the signed-in person's token (at sign-in, and at every start of the app). */
export async function shareTokenWithWorker(token: string): Promise<void> {
  const store = tokenStore();
  if (store === null) return;
  await set(MEDIA_TOKEN_KEY, token, store).catch(() => undefined);
}

/**
 * At sign-out: the worker forgets the token, and the server ends the photo cookie. `token` is the
 * one being dropped, if still known: the mock backend, whose demo tabs each keep a cookie, ends
 * that session's (the server ends its one cookie whoever asks).
 */
export async function forgetMediaCredentials(token: string | null): Promise<void> {
  const store = tokenStore();
  await Promise.all([
    store === null ? undefined : del(MEDIA_TOKEN_KEY, store).catch(() => undefined),
    fetch(new URL(MEDIA_SESSION_URL, window.location.origin).href, {
      method: 'DELETE',
      headers: token === null ? {} : { Authorization: `Bearer ${token}` },
      credentials: 'same-origin',
      // Sign-out goes on to another page: the request outlives it.
      keepalive: true,
    }).catch(() => undefined),
  ]);
}
