import { clear, createStore } from 'idb-keyval';
// The names only (no worker code): the worker and this task must agree on them.
import {
  PHOTO_CACHE_NAME,
  PHOTO_META_DB,
  PHOTO_META_STORE,
} from '../../service-worker/photo-cache-policy';

/**
 * The sign-out task that empties the service worker's photo cache (src/service-worker/photo-cache.ts)
 * and its record of sizes: the next person signing in on this browser finds none of these photos.
 * It runs at Sign Out, Sign out everywhere and when the server ends the session (AuthSession).
 */
export async function emptyPhotoCache(): Promise<void> {
  await Promise.all([
    typeof caches === 'undefined' ? Promise.resolve(false) : caches.delete(PHOTO_CACHE_NAME),
    // No IndexedDB (a test's DOM, a private mode that refuses it): no record of sizes either.
    typeof indexedDB === 'undefined'
      ? Promise.resolve()
      : clear(createStore(PHOTO_META_DB, PHOTO_META_STORE)),
  ]);
}
