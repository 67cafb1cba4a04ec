import { TERMS_V1_MARKDOWN, TERMS_V1_VERSION } from '../../src/domain/terms-v1';
import { clearMediaFiles } from '../media-files';
import { tellStoreListeners } from './change-listeners';
import { loadSavedDb, saveDbCopy, withAllTables } from './persistence';
import type { MockDb } from './tables';

/**
 * The mock backend's current in-memory database (its tables are ./tables.ts): read it with
 * `getDb()`, which every other file of the store and every handler does at each call, since a reset,
 * a replace or a reload from browser storage puts a new one in its place.
 */

export type MockSeed = (db: MockDb) => void;

export const INITIAL_TERMS_VERSION = TERMS_V1_VERSION;

function emptyDb(): MockDb {
  return {
    users: [],
    ruminations: [],
    revisions: [],
    comments: [],
    relations: [],
    notifications: [],
    reactions: [],
    reactionNotified: [],
    terms: [
      {
        version: INITIAL_TERMS_VERSION,
        content: TERMS_V1_MARKDOWN,
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    ],
    acceptances: [],
    preferences: [],
    sessions: {},
    accountTokens: [],
    outbox: [],
    pushSubscriptions: [],
    idempotentAnswers: [],
    mentionNotified: [],
    imports: [],
    importEntries: [],
    pushPublicKey: null,
    media: [],
    mediaSecret: null,
    nextId: 1,
  };
}

let db: MockDb = emptyDb();

export function getDb(): MockDb {
  return db;
}

/** Restores an empty store (terms 1.0 only) and runs `seed` on it. Returns the store. */
export function resetMockBackend(seed?: MockSeed): MockDb {
  db = emptyDb();
  // A fresh store has no uploads: their files go too (the demo's IndexedDB, the tests' Map).
  void clearMediaFiles();
  tellStoreListeners('reset');
  seed?.(db);
  saveDb();
  return db;
}

/** Replaces the whole store, e.g. with one loaded from browser storage. */
export function replaceDb(next: MockDb): void {
  db = withAllTables(next);
}

/**
 * Re-reads the stored copy (demo only), so that two tabs of the demo see each other's writes
 * instead of overwriting them.
 */
export function syncDb(): void {
  const stored = loadSavedDb();
  if (stored) db = stored;
}

/**
 * Saves the store (demo) and tells the live streams that something may have changed. Every
 * handler ends here (mocks/http.ts `route`), so a stream learns of any write that changes what a
 * recipient may see (a deleted rumination, an ended relation), not only of new notifications.
 */
export function saveDb(): void {
  saveDbCopy(db);
  tellStoreListeners('changed');
}

/** One id sequence for every table keeps ids unique and increasing in creation order. */
export function nextId(): number {
  return db.nextId++;
}
