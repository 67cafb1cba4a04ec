import { clear, createStore, del, delMany, get, keys, set, type UseStore } from 'idb-keyval';
import type { MediaVariant } from '../src/api/media-urls';

/**
 * The mock backend's photo files (api-contract.md "Photos"), the server's media storage in small:
 * each upload's photo and thumbnail, each as WebP and JPEG, keyed `<id>/<variant>.<format>`.
 * The store's rows (localStorage, plain JSON) say which photos exist; the bytes are too big for
 * localStorage, so the demo keeps them in IndexedDB (`keepMediaFilesInIndexedDb`, called by
 * mocks/browser.ts). Elsewhere (node tests) they are kept in a Map for the life of the process.
 */

export type MediaFormat = 'webp' | 'jpeg';

export const MEDIA_FILE_VARIANTS: readonly MediaVariant[] = ['photo', 'thumbnail'];
export const MEDIA_FILE_FORMATS: readonly MediaFormat[] = ['webp', 'jpeg'];

/** The four files of one upload, as the codec made them. */
export type MediaFiles = Record<`${MediaVariant}.${MediaFormat}`, Uint8Array>;

export function mediaFileKey(id: number, variant: MediaVariant, format: MediaFormat): string {
  return `${id}/${variant}.${format}`;
}

function keysOf(id: number): string[] {
  return MEDIA_FILE_VARIANTS.flatMap((v) => MEDIA_FILE_FORMATS.map((f) => mediaFileKey(id, v, f)));
}

interface FileBackend {
  get(key: string): Promise<Uint8Array | undefined>;
  set(key: string, bytes: Uint8Array): Promise<void>;
  delete(keys: string[]): Promise<void>;
  keys(): Promise<string[]>;
  clear(): Promise<void>;
}

function memoryBackend(): FileBackend {
  const files = new Map<string, Uint8Array>();
  return {
    get: (key) => Promise.resolve(files.get(key)),
    set: (key, bytes) => {
      files.set(key, bytes);
      return Promise.resolve();
    },
    delete: (list) => {
      for (const key of list) files.delete(key);
      return Promise.resolve();
    },
    keys: () => Promise.resolve([...files.keys()]),
    clear: () => {
      files.clear();
      return Promise.resolve();
    },
  };
}

/** IndexedDB database and object store of the demo's photo files. */
const IDB_NAME = 'ruminations-demo-media';
const IDB_STORE = 'files';

function indexedDbBackend(store: UseStore): FileBackend {
  return {
    // Stored as ArrayBuffers (structured clone keeps them whole); handed out as bytes.
    get: async (key) => {
      const value = await get<ArrayBuffer>(key, store);
      return value === undefined ? undefined : new Uint8Array(value);
    },
    set: (key, bytes) => set(key, bytes.slice().buffer, store),
    delete: (list) => (list.length === 1 ? del(list[0]!, store) : delMany(list, store)),
    keys: async () => (await keys(store)).map(String),
    clear: () => clear(store),
  };
}

let backend: FileBackend = memoryBackend();

/** The demo's files live in IndexedDB, so that they survive reloads as the store's rows do. */
export function keepMediaFilesInIndexedDb(): void {
  // Without IndexedDB (some private windows), photos last as long as the page.
  if (typeof indexedDB === 'undefined') return;
  backend = indexedDbBackend(createStore(IDB_NAME, IDB_STORE));
}

/** Deletions under way (the sweep runs inside synchronous store code and does not wait). */
const pending = new Set<Promise<void>>();

function track(work: Promise<void>): Promise<void> {
  const done = work.catch(() => {
    // A file that could not be deleted only costs space; the next orphan clean-up takes it.
  });
  pending.add(done);
  void done.finally(() => pending.delete(done));
  return done;
}

export async function putMediaFiles(id: number, files: MediaFiles): Promise<void> {
  for (const [name, bytes] of Object.entries(files)) {
    await backend.set(`${id}/${name}`, bytes);
  }
}

export function getMediaFile(
  id: number,
  variant: MediaVariant,
  format: MediaFormat,
): Promise<Uint8Array | undefined> {
  return backend.get(mediaFileKey(id, variant, format));
}

/** Erases the files of these uploads (their rows are gone already). */
export function deleteMediaFiles(ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return Promise.resolve();
  return track(backend.delete(ids.flatMap(keysOf)));
}

/** Erases every file (a fresh store: tests, a new demo seed). */
export function clearMediaFiles(): Promise<void> {
  return track(backend.clear());
}

/**
 * Erases files whose upload the store no longer has (of the ids below `belowId`): the demo's rows
 * and files are kept apart (localStorage and IndexedDB), so a store replaced or cleared elsewhere
 * leaves files behind.
 */
export async function keepOnlyMediaFiles(ids: ReadonlySet<number>, belowId: number): Promise<void> {
  // Only ids given out before: an upload under way writes its files before its row.
  const stale = (await backend.keys()).filter((key) => {
    const id = Number(key.split('/')[0]);
    return id < belowId && !ids.has(id);
  });
  if (stale.length > 0) await track(backend.delete(stale));
}

/** Resolves once every deletion started so far has ended (tests look at files after a sweep). */
export async function mediaFileDeletionsSettled(): Promise<void> {
  await Promise.all([...pending]);
}

/** Whether any file of this upload is still kept (tests). */
export async function hasAnyMediaFile(id: number): Promise<boolean> {
  const kept = await Promise.all(keysOf(id).map((key) => backend.get(key)));
  return kept.some((bytes) => bytes !== undefined);
}
