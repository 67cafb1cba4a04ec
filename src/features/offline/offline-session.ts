import { dehydrate, hydrate, onlineManager, type QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientSubscribe,
  type PersistedClient,
  type Persister,
} from '@tanstack/react-query-persist-client';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { createStore, del, delMany, get, keys, set, type UseStore } from 'idb-keyval';
import {
  CACHE_BUSTER,
  isCacheKey,
  isOfflineWrite,
  restorableState,
  shouldPersistMutation,
  shouldPersistQuery,
  serializePersistedClient,
  storageKeyFor,
} from './offline-persistence';
import type { RegisterOfflineWrites } from './offline-writes';
import { OFFLINE_DB, OFFLINE_STORE } from './offline-early-read';
import { forgetAllKeptDrafts } from '../composer/kept-draft-store';
import { forgetLastScreen } from './last-screen';
import { forgetAllKeptPhotos, forgetOthersKeptPhotos } from '../photos/kept-photos';

/**
 * The signed-in person's offline copy: the query cache and the queue of writes, kept in IndexedDB
 * (database "ruminations-offline") under a key holding their user id. Loaded only once someone is
 * signed in, so signed-out visitors never download it.
 */

let store: UseStore | null = null;
function offlineStore(): UseStore {
  store ??= createStore(OFFLINE_DB, OFFLINE_STORE);
  return store;
}

interface ActiveSession {
  userId: number;
  /** Writes the copy at once, past the persister's throttle. */
  saveNow: () => Promise<void>;
  stop: () => void;
}

/** Signing out registers nothing. */
const NO_WRITES = () => Promise.resolve<RegisterOfflineWrites>(() => undefined);

let active: ActiveSession | null = null;
let queue: Promise<void> = Promise.resolve();
/** Whose data the in-memory cache may hold. */
let lastUserId: number | null = null;

/** Storage that can be closed: a throttled save that fires after sign-out writes nothing. */
function closableStorage(s: UseStore) {
  let open = true;
  return {
    close: () => {
      open = false;
    },
    storage: {
      getItem: (key: string) => get<string>(key, s),
      setItem: (key: string, value: string) => (open ? set(key, value, s) : Promise.resolve()),
      removeItem: (key: string) => del(key, s),
    },
  };
}

async function wipeStoredCopies(exceptUserId: number | null): Promise<void> {
  const s = offlineStore();
  const keep = exceptUserId === null ? null : storageKeyFor(exceptUserId);
  const doomed = (await keys(s)).filter((key) => isCacheKey(key) && key !== keep);
  if (doomed.length > 0) await delMany(doomed, s);
}

/** A read of the saved copy started before the session's code had loaded (offline-boot.ts). */
export interface EarlyRead {
  userId: number;
  text: Promise<string | undefined>;
  /** Called once the copy is in the cache, before the other people's copies are wiped. */
  onRestored: () => void;
}

async function start(
  queryClient: QueryClient,
  userId: number,
  loadWrites: () => Promise<RegisterOfflineWrites>,
  early: Promise<string | undefined> | undefined,
): Promise<ActiveSession> {
  const closable = closableStorage(offlineStore());
  // The first read is the one already under way, if any (it found nothing: read again).
  let first = early;
  const storage = {
    ...closable.storage,
    getItem: async (key: string) => {
      const text = first === undefined ? undefined : await first;
      first = undefined;
      return text ?? closable.storage.getItem(key);
    },
  };
  const key = storageKeyFor(userId);
  const persister: Persister = createAsyncStoragePersister({
    storage,
    key,
    throttleTime: 1000,
    serialize: serializePersistedClient,
  });
  // Side by side: the writes' code and the stored copy. Both before hydrating: a restored write
  // resumes through the default registered for its key.
  const [register, restored] = await Promise.all([
    loadWrites(),
    Promise.resolve()
      .then(() => persister.restoreClient())
      .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))),
  ]);
  register(queryClient);
  try {
    if (restored instanceof Error) throw restored;
    const state = restorableState(restored, Date.now());
    if (state) {
      hydrate(queryClient, state);
      // Shown at once, but refetched as soon as a screen uses them (when the network allows): a
      // reload must still bring what changed elsewhere.
      void queryClient.invalidateQueries({ refetchType: 'none' });
    }
  } catch (error) {
    // A damaged copy is dropped; the network fills the cache again.
    console.error(error);
    await persister.removeClient();
  }
  // The persister packages carry their own (older) copy of query-core, whose types differ from
  // react-query's in private fields only; the objects are the same at run time.
  type SubscribeOptions = Parameters<typeof persistQueryClientSubscribe>[0];
  const dehydrateOptions = {
    shouldDehydrateQuery: shouldPersistQuery,
    shouldDehydrateMutation: shouldPersistMutation,
  };
  const unsubscribe = persistQueryClientSubscribe({
    queryClient: queryClient as unknown as SubscribeOptions['queryClient'],
    persister,
    buster: CACHE_BUSTER,
    dehydrateOptions: dehydrateOptions as unknown as SubscribeOptions['dehydrateOptions'],
  });
  // The persister writes a second after the last change. A page hidden sooner (the phone switching
  // to another app, which may then end the page unseen) would keep the copy from before it. A page
  // being unloaded cannot be helped so: Chromium aborts the IndexedDB writes its pagehide and
  // visibilitychange begin (tried), so a reload within that second keeps the earlier copy.
  const saveNow = () =>
    closable.storage.setItem(
      key,
      serializePersistedClient({
        timestamp: Date.now(),
        buster: CACHE_BUSTER,
        clientState: dehydrate(queryClient, dehydrateOptions) as PersistedClient['clientState'],
      }),
    );
  const onHidden = () => {
    if (document.visibilityState === 'hidden') void saveNow();
  };
  const hasDocument = typeof document !== 'undefined';
  if (hasDocument) document.addEventListener('visibilitychange', onHidden);
  // A sent write leaves the queue (offline writes are never garbage-collected by themselves).
  const stopCleanup = queryClient.getMutationCache().subscribe((event) => {
    const mutation = event.mutation;
    if (event.type === 'updated' && mutation && isOfflineWrite(mutation)) {
      if (mutation.state.status === 'success') {
        setTimeout(() => queryClient.getMutationCache().remove(mutation), 0);
      }
    }
  });
  if (onlineManager.isOnline()) void queryClient.resumePausedMutations();
  return {
    userId,
    saveNow,
    stop: () => {
      closable.close();
      unsubscribe();
      stopCleanup();
      if (hasDocument) document.removeEventListener('visibilitychange', onHidden);
    },
  };
}

/**
 * Brings the offline copy in line with who is signed in (`userId`, null: nobody). Signing out, or
 * someone else signing in, wipes the previous person's copy and queue, in storage and in memory.
 * Calls run one after another.
 */
export function syncOfflineSession(
  queryClient: QueryClient,
  userId: number | null,
  loadWrites: () => Promise<RegisterOfflineWrites> = NO_WRITES,
  early?: EarlyRead,
): Promise<void> {
  const next = queue.then(async () => {
    // No IndexedDB (some privacy modes, test environments): nothing is stored, nothing to wipe.
    if (typeof indexedDB === 'undefined') return;
    if (active?.userId === userId) return;
    if (active) {
      active.stop();
      active = null;
    }
    // Someone else now: the previous person's answers and queued writes must not reach them.
    // (A plain sign-out clears memory itself, after leaving the signed-in screens.)
    if (userId !== null && lastUserId !== null && lastUserId !== userId) queryClient.clear();
    // The person's own copy first, the others' wiped after: restoring reads their key only, and
    // the first screen of a return visit waits for it, not for the wiping.
    if (userId !== null) {
      const earlyText = early?.userId === userId ? early.text : undefined;
      active = await start(queryClient, userId, loadWrites, earlyText);
      lastUserId = userId;
    }
    early?.onRestored();
    await wipeStoredCopies(userId);
    // Photos kept for the queue are the person's too (features/photos/kept-photos.ts).
    await (userId === null ? forgetAllKeptPhotos() : forgetOthersKeptPhotos(userId));
  });
  queue = next.catch((error: unknown) => console.error(error));
  return queue;
}

/**
 * Writes the signed-in person's copy at once (what a hidden page does by itself), once the calls
 * before it are done; nothing when nobody is signed in.
 */
export function saveOfflineCopyNow(): Promise<void> {
  return queue.then(() => active?.saveNow());
}

/**
 * Sign-out: forgets every stored copy, the writes still queued with their photos, and what was
 * being written (the composers' kept copies, features/composer).
 */
export async function wipeOfflineData(queryClient: QueryClient): Promise<void> {
  forgetLastScreen();
  await Promise.all([
    syncOfflineSession(queryClient, null),
    forgetAllKeptDrafts(),
    forgetAllKeptPhotos(),
  ]);
}
