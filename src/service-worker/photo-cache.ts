import {
  photoCacheAction,
  photoDueForRecheck,
  photosToEvict,
  type PhotoEntry,
} from './photo-cache-policy';

/**
 * Photos readable offline (README "What works offline"): GET /api/media/{id}/{variant} is answered
 * from the cache first, keyed without the signed query; on a miss from the network, keeping 200
 * answers only, up to about 50 MB, least recently used out first. A cached photo is asked of the
 * network again at most once an hour, in the background: a 404 (no longer visible to this reader)
 * removes it. The page empties it all at sign-out (features/photos/photo-cache.ts).
 */

/** The parts of the Cache API the worker uses. */
export interface PhotoCache {
  match(key: string): Promise<Response | undefined>;
  put(key: string, response: Response): Promise<void>;
  delete(key: string): Promise<boolean>;
}

/** Size and use of each cached photo (IndexedDB in the worker; a Map in tests). */
export interface PhotoEntryStore {
  get(key: string): Promise<PhotoEntry | undefined>;
  set(key: string, entry: PhotoEntry): Promise<void>;
  delete(key: string): Promise<void>;
  entries(): Promise<[string, PhotoEntry][]>;
}

export interface PhotoCacheDeps {
  openCache: () => Promise<PhotoCache>;
  store: PhotoEntryStore;
  fetch: (request: Request) => Promise<Response>;
  now: () => number;
  /** Keeps the worker alive for work after the answer (storing, rechecking). */
  waitUntil: (work: Promise<unknown>) => void;
  maxBytes?: number;
}

/** Stores a network answer (or drops the cached copy on a 404), then keeps the cache in bounds. */
async function recordAnswer(key: string, response: Response, deps: PhotoCacheDeps): Promise<void> {
  const action = photoCacheAction(response.status);
  if (action === 'keep') return;
  const cache = await deps.openCache();
  if (action === 'remove') {
    await Promise.all([cache.delete(key), deps.store.delete(key)]);
    return;
  }
  const body = await response.blob();
  const now = deps.now();
  const stored = new Response(body, {
    status: 200,
    headers: response.headers,
  });
  await cache.put(key, stored);
  await deps.store.set(key, { bytes: body.size, usedAt: now, checkedAt: now });
  const evicted = photosToEvict(await deps.store.entries(), deps.maxBytes);
  await Promise.all(evicted.flatMap((old) => [cache.delete(old), deps.store.delete(old)]));
}

/** Answers a photo request whose cache key is `key` (photoCacheKey). */
export async function answerPhoto(
  request: Request,
  key: string,
  deps: PhotoCacheDeps,
): Promise<Response> {
  const cache = await deps.openCache();
  const cached = await cache.match(key);
  if (cached) {
    const entry = await deps.store.get(key);
    const now = deps.now();
    if (photoDueForRecheck(entry, now)) {
      // Offline the fetch fails and the copy stays; online a 404 takes it out.
      deps.waitUntil(
        deps
          .fetch(request)
          .then((fresh) => recordAnswer(key, fresh, deps))
          .catch(() => undefined),
      );
    } else if (entry) {
      deps.waitUntil(deps.store.set(key, { ...entry, usedAt: now }).catch(() => undefined));
    }
    return cached;
  }
  const response = await deps.fetch(request);
  deps.waitUntil(recordAnswer(key, response.clone(), deps).catch(() => undefined));
  return response;
}
