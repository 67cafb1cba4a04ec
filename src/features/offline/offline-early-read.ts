import { storageKeyFor } from './offline-persistence';

/** Where the offline copy lives (offline-session.ts keeps it there through idb-keyval). */
export const OFFLINE_DB = 'ruminations-offline';
export const OFFLINE_STORE = 'cache';

/**
 * Starts reading a person's saved copy from IndexedDB at once, from the entry, while the storage
 * code (offline-session.ts, a chunk of its own) is still on its way: opening IndexedDB is the
 * slowest single step before a returning visitor's first screen (about 130 ms of a phone's CPU,
 * scripts/client/return-visit.ts), and it now overlaps the chunk's download and evaluation. Plain
 * IndexedDB, no library: this is in every signed-in first load. Resolves undefined when there is
 * nothing or storage fails; the session then reads again the usual way.
 */
export function readSavedCopyEarly(userId: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(undefined);
    try {
      const open = indexedDB.open(OFFLINE_DB);
      // As idb-keyval's createStore does, so whichever opens a new database first, it is the same.
      open.onupgradeneeded = () => open.result.createObjectStore(OFFLINE_STORE);
      open.onerror = () => resolve(undefined);
      open.onsuccess = () => {
        const db = open.result;
        try {
          const read = db
            .transaction(OFFLINE_STORE, 'readonly')
            .objectStore(OFFLINE_STORE)
            .get(storageKeyFor(userId));
          read.onsuccess = () => resolve(typeof read.result === 'string' ? read.result : undefined);
          read.onerror = () => resolve(undefined);
        } catch {
          resolve(undefined);
        } finally {
          // The transaction runs on; the browser keeps the database warm for the session's open.
          db.close();
        }
      };
    } catch {
      resolve(undefined);
    }
  });
}
