import 'fake-indexeddb/auto';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { emptyPhotoCache } from '../../src/features/photos/photo-cache';
import {
  answerPhoto,
  type PhotoCache,
  type PhotoCacheDeps,
} from '../../src/service-worker/photo-cache';
import {
  PHOTO_CACHE_MAX_BYTES,
  PHOTO_RECHECK_MS,
  photoCacheAction,
  photoCacheKey,
  photosToEvict,
  type PhotoEntry,
} from '../../src/service-worker/photo-cache-policy';
import { indexedDbPhotoEntries } from '../../src/service-worker/photo-cache-store';

/**
 * The service worker's photo cache (src/service-worker/photo-cache*.ts), with fakes of the Cache
 * API, its IndexedDB record and the network: what is kept, under which key, what goes first, and
 * what a 404 does. The real worker runs it in tests/e2e/photos.spec.ts (offline reading).
 */

const ORIGIN = 'https://ruminations.example';
const signed = (id: number, variant = 'thumbnail', viewer = 7) =>
  `${ORIGIN}/api/media/${id}/${variant}?viewer=${viewer}&expires=1800000000&sig=abc${viewer}`;

describe('photo cache policy', () => {
  test('keyed by the path alone: the signature and the reader it names are left out', () => {
    expect(photoCacheKey(new URL(signed(12)), ORIGIN)).toBe(`${ORIGIN}/api/media/12/thumbnail`);
    expect(photoCacheKey(new URL(signed(12, 'photo', 9)), ORIGIN)).toBe(
      `${ORIGIN}/api/media/12/photo`,
    );
  });

  test('only photo addresses of this origin are cached', () => {
    for (const url of [
      `${ORIGIN}/api/media`,
      `${ORIGIN}/api/media/12`,
      `${ORIGIN}/api/media/12/original`,
      `${ORIGIN}/api/media/x/photo`,
      `${ORIGIN}/api/ruminations/12`,
      `https://elsewhere.example/api/media/12/photo`,
    ]) {
      expect(photoCacheKey(new URL(url), ORIGIN), url).toBeNull();
    }
  });

  test('only a 200 is stored; a 404 removes the copy; anything else leaves it', () => {
    expect(photoCacheAction(200)).toBe('store');
    expect(photoCacheAction(404)).toBe('remove');
    for (const status of [206, 304, 401, 500, 503]) expect(photoCacheAction(status)).toBe('keep');
  });

  test('about 50 MB in all, least recently used out first', () => {
    expect(PHOTO_CACHE_MAX_BYTES).toBe(50 * 1024 * 1024);
    const mb = 1024 * 1024;
    const entries: [string, PhotoEntry][] = [
      ['a', { bytes: 20 * mb, usedAt: 3, checkedAt: 0 }],
      ['b', { bytes: 20 * mb, usedAt: 1, checkedAt: 0 }],
      ['c', { bytes: 20 * mb, usedAt: 2, checkedAt: 0 }],
      ['d', { bytes: 5 * mb, usedAt: 4, checkedAt: 0 }],
    ];
    expect(photosToEvict(entries)).toEqual(['b']);
    expect(photosToEvict(entries, 30 * mb)).toEqual(['b', 'c']);
    expect(photosToEvict(entries.slice(0, 2))).toEqual([]);
  });
});

/** A fake world: the cache, the record and a network that answers from `server`. */
function world(opts: { maxBytes?: number } = {}) {
  const cached = new Map<string, Response>();
  const store = new Map<string, PhotoEntry>();
  const server = new Map<string, { status: number; bytes: number }>();
  let online = true;
  let clock = 1_000_000;
  const fetched: string[] = [];
  const pending: Promise<unknown>[] = [];
  const cache: PhotoCache = {
    match: (key) => Promise.resolve(cached.get(key)?.clone()),
    put: (key, response) => {
      cached.set(key, response);
      return Promise.resolve();
    },
    delete: (key) => Promise.resolve(cached.delete(key)),
  };
  const deps: PhotoCacheDeps = {
    openCache: () => Promise.resolve(cache),
    store: {
      get: (key) => Promise.resolve(store.get(key)),
      set: (key, entry) => {
        store.set(key, entry);
        return Promise.resolve();
      },
      delete: (key) => {
        store.delete(key);
        return Promise.resolve();
      },
      entries: () => Promise.resolve([...store.entries()]),
    },
    fetch: (request) => {
      fetched.push(request.url);
      if (!online) return Promise.reject(new TypeError('Failed to fetch'));
      const path = new URL(request.url).pathname;
      const answer = server.get(path) ?? { status: 404, bytes: 9 };
      return Promise.resolve(
        new Response(new Uint8Array(answer.bytes).fill(answer.status % 256), {
          status: answer.status,
          headers: { 'Content-Type': 'image/webp', 'Cache-Control': 'private' },
        }),
      );
    },
    now: () => clock,
    waitUntil: (work) => void pending.push(work),
    ...(opts.maxBytes === undefined ? {} : { maxBytes: opts.maxBytes }),
  };
  return {
    cached,
    store,
    server,
    fetched,
    setOnline: (value: boolean) => (online = value),
    advance: (ms: number) => (clock += ms),
    async get(url: string) {
      const key = photoCacheKey(new URL(url), ORIGIN)!;
      const response = await answerPhoto(new Request(url), key, deps);
      // Work after the answer (storing, rechecking) settles before the next look.
      while (pending.length > 0) await pending.shift();
      return response;
    },
  };
}

describe('answering photo requests', () => {
  test('a miss goes to the network and the 200 is kept under the path; the next read is served from the cache, whatever the signature', async () => {
    const w = world();
    w.server.set('/api/media/12/thumbnail', { status: 200, bytes: 1000 });
    const first = await w.get(signed(12));
    expect(first.status).toBe(200);
    expect((await first.arrayBuffer()).byteLength).toBe(1000);
    expect([...w.cached.keys()]).toEqual([`${ORIGIN}/api/media/12/thumbnail`]);
    expect(w.store.get(`${ORIGIN}/api/media/12/thumbnail`)?.bytes).toBe(1000);

    // Signed for another hour (and reader): the same bytes, no network.
    const again = await w.get(signed(12, 'thumbnail', 8));
    expect(again.status).toBe(200);
    expect((await again.arrayBuffer()).byteLength).toBe(1000);
    expect(w.fetched).toHaveLength(1);
  });

  test('offline, a cached photo is still served', async () => {
    const w = world();
    w.server.set('/api/media/12/photo', { status: 200, bytes: 500 });
    await w.get(signed(12, 'photo'));
    w.setOnline(false);
    w.advance(2 * PHOTO_RECHECK_MS);
    const offline = await w.get(signed(12, 'photo'));
    expect(offline.status).toBe(200);
    expect(w.cached.size).toBe(1);
  });

  test('a photo not cached, offline: the network error is the answer', async () => {
    const w = world();
    w.setOnline(false);
    await expect(w.get(signed(5))).rejects.toThrow('Failed to fetch');
  });

  test('only 200 answers are kept', async () => {
    const w = world();
    w.server.set('/api/media/13/thumbnail', { status: 404, bytes: 9 });
    w.server.set('/api/media/14/thumbnail', { status: 500, bytes: 9 });
    expect((await w.get(signed(13))).status).toBe(404);
    expect((await w.get(signed(14))).status).toBe(500);
    expect(w.cached.size).toBe(0);
    expect(w.store.size).toBe(0);
  });

  test('within the hour no recheck; after it, a 404 (no longer visible) removes the copy', async () => {
    const w = world();
    w.server.set('/api/media/12/thumbnail', { status: 200, bytes: 100 });
    await w.get(signed(12));
    w.server.set('/api/media/12/thumbnail', { status: 404, bytes: 9 });
    w.advance(PHOTO_RECHECK_MS - 1);
    await w.get(signed(12));
    expect(w.fetched).toHaveLength(1);
    expect(w.cached.size).toBe(1);

    w.advance(1);
    // The copy answers this time (no waiting on the network), and is gone for the next.
    expect((await w.get(signed(12))).status).toBe(200);
    expect(w.fetched).toHaveLength(2);
    expect(w.cached.size).toBe(0);
    expect(w.store.size).toBe(0);
    expect((await w.get(signed(12))).status).toBe(404);
  });

  test('past the bound, the least recently used photos leave first', async () => {
    const w = world({ maxBytes: 3000 });
    for (const id of [1, 2, 3]) {
      w.server.set(`/api/media/${id}/thumbnail`, { status: 200, bytes: 1000 });
      await w.get(signed(id));
      w.advance(10);
    }
    // Reading 1 again makes 2 the least recently used.
    await w.get(signed(1));
    w.advance(10);
    w.server.set('/api/media/4/thumbnail', { status: 200, bytes: 1000 });
    await w.get(signed(4));
    expect([...w.cached.keys()].map((key) => key.split('/')[5]).sort()).toEqual(['1', '3', '4']);
    expect([...w.store.keys()].sort()).toEqual([...w.cached.keys()].sort());
  });
});

describe('sign-out', () => {
  afterEach(() => vi.unstubAllGlobals());

  test("the sign-out task deletes the photo cache and the worker's record of it", async () => {
    const record = indexedDbPhotoEntries();
    const entry = { bytes: 10, usedAt: 1, checkedAt: 1 };
    await record.set(`${ORIGIN}/api/media/1/photo`, entry);
    await record.set(`${ORIGIN}/api/media/1/thumbnail`, entry);
    expect(await record.get(`${ORIGIN}/api/media/1/photo`)).toEqual(entry);
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      delete: (name: string) => {
        deleted.push(name);
        return Promise.resolve(true);
      },
    });

    await emptyPhotoCache();

    expect(deleted).toEqual(['photos-v1']);
    expect(await record.entries()).toEqual([]);
  });

  test('without Cache Storage (an old browser, no worker): the record is still emptied', async () => {
    const record = indexedDbPhotoEntries();
    await record.set(`${ORIGIN}/api/media/2/photo`, { bytes: 1, usedAt: 1, checkedAt: 1 });
    vi.stubGlobal('caches', undefined);
    await emptyPhotoCache();
    expect(await record.entries()).toEqual([]);
  });
});
