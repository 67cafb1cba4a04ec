import { createStore, del, entries, get, set } from 'idb-keyval';
import type { PhotoEntryStore } from './photo-cache';
import { PHOTO_META_DB, PHOTO_META_STORE, type PhotoEntry } from './photo-cache-policy';

/** The worker's record of cached photos, in IndexedDB: one key per photo, so writes never race. */
export function indexedDbPhotoEntries(): PhotoEntryStore {
  const store = createStore(PHOTO_META_DB, PHOTO_META_STORE);
  return {
    get: (key) => get<PhotoEntry>(key, store),
    set: (key, entry) => set(key, entry, store),
    delete: (key) => del(key, store),
    entries: () => entries<string, PhotoEntry>(store),
  };
}
