/**
 * Which photos the service worker keeps for reading offline, and which it lets go (pure rules;
 * photo-cache.ts applies them). The page's sign-out task (features/photos/photo-cache.ts) empties
 * the same cache and store by these names.
 */

/** The Cache Storage cache of photo responses. A new format of entry gets a new name. */
export const PHOTO_CACHE_NAME = 'photos-v1';
/** IndexedDB (idb-keyval) database and store of each cached photo's size and last use. */
export const PHOTO_META_DB = 'photo-cache';
export const PHOTO_META_STORE = 'entries';

/**
 * About 50 MB of photos. Counted in bytes of the bodies as stored, which workbox-expiration cannot
 * do (it bounds the number of entries): the worker keeps its own count.
 */
export const PHOTO_CACHE_MAX_BYTES = 50 * 1024 * 1024;

/**
 * A cached photo is served at once, then asked of the network again at most this often (online),
 * so that a photo no longer visible to the reader (an ended relation, a trashed note: 404) leaves
 * the cache. An hour: signed URLs stay the same for an hour anyway (src/api/media-urls.ts).
 */
export const PHOTO_RECHECK_MS = 60 * 60 * 1000;

const PHOTO_PATH = /^\/api\/media\/\d+\/(photo|thumbnail)$/;

/**
 * The cache key of a photo request: its address without the query. The signature in the query
 * changes every hour and names the reader; the bytes of a photo never change.
 */
export function photoCacheKey(url: URL, origin: string): string | null {
  if (url.origin !== origin || !PHOTO_PATH.test(url.pathname)) return null;
  return `${url.origin}${url.pathname}`;
}

/** What the worker records of each cached photo. */
export interface PhotoEntry {
  bytes: number;
  /** When it was last served or stored (ms since the epoch): least recently used goes first. */
  usedAt: number;
  /** When the network last answered for it. */
  checkedAt: number;
}

/** The keys to drop so that the rest fits in `maxBytes`: least recently used first. */
export function photosToEvict(
  entries: readonly (readonly [key: string, entry: PhotoEntry])[],
  maxBytes = PHOTO_CACHE_MAX_BYTES,
): string[] {
  let total = entries.reduce((sum, [, entry]) => sum + entry.bytes, 0);
  const evicted: string[] = [];
  const oldestFirst = [...entries].sort(([, a], [, b]) => a.usedAt - b.usedAt);
  for (const [key, entry] of oldestFirst) {
    if (total <= maxBytes) break;
    evicted.push(key);
    total -= entry.bytes;
  }
  return evicted;
}

/** Whether a cached photo is due to be asked of the network again. */
export function photoDueForRecheck(entry: PhotoEntry | undefined, now: number): boolean {
  return entry === undefined || now - entry.checkedAt >= PHOTO_RECHECK_MS;
}

/** What a network answer means for the cached copy: only a 200 is kept; a 404 removes it. */
export function photoCacheAction(status: number): 'store' | 'remove' | 'keep' {
  if (status === 200) return 'store';
  if (status === 404) return 'remove';
  return 'keep';
}
