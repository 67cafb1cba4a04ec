import { createStore, del, get, keys, set, type UseStore } from 'idb-keyval';

/**
 * What a person is writing, kept in the browser as they type, so that a closed tab, a crash or a
 * reload gives it back. One copy per account and composer ("slot": "new", "edit:<id>"), in
 * IndexedDB (database "ruminations-composer"); signing out deletes them all.
 */

/** Where kept copies live: IndexedDB in a browser, injectable for tests. */
export interface KeptDraftBackend {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  keys(): Promise<string[]>;
}

const PREFIX = 'composer:';

/** The key of one composer's copy, e.g. "composer:12:edit:40". */
export function keptDraftKey(userId: number, slot: string): string {
  return `${PREFIX}${userId}:${slot}`;
}

function indexedDbBackend(): KeptDraftBackend {
  let store: UseStore | null = null;
  const s = () => (store ??= createStore('ruminations-composer', 'drafts'));
  return {
    get: (key) => get<unknown>(key, s()),
    set: (key, value) => set(key, value, s()),
    del: (key) => del(key, s()),
    keys: async () => (await keys(s())).filter((key): key is string => typeof key === 'string'),
  };
}

/**
 * Without IndexedDB (some privacy modes, a test DOM) the copy goes to localStorage, which still
 * outlives a reload; without that, to memory, which at least outlives closing the dialog.
 */
function webStorageBackend(storage: Storage): KeptDraftBackend {
  return {
    get: (key) => {
      const raw = storage.getItem(key);
      return Promise.resolve(raw === null ? undefined : (JSON.parse(raw) as unknown));
    },
    set: (key, value) => {
      storage.setItem(key, JSON.stringify(value));
      return Promise.resolve();
    },
    del: (key) => {
      storage.removeItem(key);
      return Promise.resolve();
    },
    keys: () =>
      Promise.resolve(
        Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
          (key): key is string => key !== null,
        ),
      ),
  };
}

export function memoryBackend(): KeptDraftBackend {
  const values = new Map<string, unknown>();
  return {
    get: (key) => Promise.resolve(structuredClone(values.get(key))),
    set: (key, value) => {
      values.set(key, structuredClone(value));
      return Promise.resolve();
    },
    del: (key) => {
      values.delete(key);
      return Promise.resolve();
    },
    keys: () => Promise.resolve([...values.keys()]),
  };
}

function browserBackend(): KeptDraftBackend {
  if (typeof indexedDB !== 'undefined') return indexedDbBackend();
  if (typeof localStorage !== 'undefined') return webStorageBackend(localStorage);
  return memoryBackend();
}

let backend: KeptDraftBackend | null = null;
function currentBackend(): KeptDraftBackend {
  backend ??= browserBackend();
  return backend;
}

/** Tests: where copies go from now on (null: back to the browser's). */
export function setKeptDraftBackend(next: KeptDraftBackend | null): void {
  backend = next;
}

/**
 * Storage may fail (quota, a blocked database): the person keeps writing, the copy is only a
 * safety net, so failures are logged and read as "nothing kept".
 */
async function safely<T>(run: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await run();
  } catch (error) {
    console.error(error);
    return fallback;
  }
}

/** The copy kept for this account's composer, as stored (the composer checks its shape). */
export function loadKeptDraft(userId: number, slot: string): Promise<unknown> {
  return safely(() => currentBackend().get(keptDraftKey(userId, slot)), undefined);
}

export function keepDraft(userId: number, slot: string, value: unknown): Promise<void> {
  return safely(() => currentBackend().set(keptDraftKey(userId, slot), value), undefined);
}

export function forgetKeptDraft(userId: number, slot: string): Promise<void> {
  return safely(() => currentBackend().del(keptDraftKey(userId, slot)), undefined);
}

async function forgetKeptDraftsWhere(doomed: (key: string) => boolean): Promise<void> {
  const b = currentBackend();
  await safely(async () => {
    const keys = (await b.keys()).filter((key) => key.startsWith(PREFIX) && doomed(key));
    await Promise.all(keys.map((key) => b.del(key)));
  }, undefined);
}

/**
 * Sign-out and account deletion: every kept copy goes, whoever's (a browser holds one signed-in
 * person at a time, and nothing of theirs may stay behind).
 */
export function forgetAllKeptDrafts(): Promise<void> {
  return forgetKeptDraftsWhere(() => true);
}

/**
 * Someone else signed in without a sign-out in between (the previous session ran out, say): the
 * previous person's copies go, as their offline copy does.
 */
export function forgetOthersKeptDrafts(userId: number): Promise<void> {
  const own = `${PREFIX}${userId}:`;
  return forgetKeptDraftsWhere((key) => !key.startsWith(own));
}
