import { setupWorker } from 'msw/browser';
import { DEMO_DB_KEY } from '../src/api/demo-backend';
import { handlers } from './handlers';
import { demoSeed } from './seed';
import { keepOnlyMediaFiles, keepMediaFilesInIndexedDb } from './media-files';
import { getDb, replaceDb, resetMockBackend } from './store/db';
import { setPersistence } from './store/persistence';
import type { MockDb } from './store/tables';

/**
 * The mock backend of `npm run demo`: a service worker answers /api/* from the in-memory store,
 * which is kept in localStorage so that the demo survives reloads.
 */

/** Bumped when the stored shape changes, so an old browser copy is replaced by a fresh seed. */
const DB_FORMAT = 1;

interface StoredDemo {
  format: number;
  db: MockDb;
}

function load(): MockDb | null {
  try {
    const raw = localStorage.getItem(DEMO_DB_KEY);
    if (raw === null) return null;
    const parsed = JSON.parse(raw) as Partial<StoredDemo>;
    return parsed.format === DB_FORMAT && parsed.db && Array.isArray(parsed.db.users)
      ? parsed.db
      : null;
  } catch {
    // Unreadable or unavailable storage: start from the seed.
    return null;
  }
}

function save(db: MockDb): void {
  try {
    localStorage.setItem(DEMO_DB_KEY, JSON.stringify({ format: DB_FORMAT, db } as StoredDemo));
  } catch {
    // A full or blocked storage only costs persistence across reloads.
  }
}

/** The Web Locks API's lock of the stored demo, shared by the tabs of one origin. */
const STORE_LOCK = `${DEMO_DB_KEY}:lock`;

function exclusive<T>(call: () => Promise<T>): Promise<T> {
  // Every browser the app supports has Web Locks; without them a call runs as before.
  if (typeof navigator === 'undefined' || !('locks' in navigator)) return call();
  return navigator.locks.request(STORE_LOCK, call);
}

export async function startMockBackend(): Promise<void> {
  setPersistence({ load, save, exclusive });
  // Photo files live in IndexedDB beside the store's rows in localStorage (mocks/media-files.ts).
  keepMediaFilesInIndexedDb();
  const stored = load();
  if (stored) replaceDb(stored);
  else resetMockBackend(demoSeed);
  // Files whose rows went with a store replaced or cleared elsewhere; nothing waits for this.
  const db = getDb();
  void keepOnlyMediaFiles(new Set(db.media.map((m) => m.id)), db.nextId);

  const worker = setupWorker(...handlers);
  await worker.start({
    quiet: true,
    onUnhandledRequest: 'bypass',
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
  });
}
