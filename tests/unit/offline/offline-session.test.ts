import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { createStore, get, keys, set } from 'idb-keyval';
import { afterEach, describe, expect, test } from 'vitest';
import { storageKeyFor } from '../../../src/features/offline/offline-persistence';
import {
  saveOfflineCopyNow,
  syncOfflineSession,
  wipeOfflineData,
} from '../../../src/features/offline/offline-session';
import {
  registerOfflineWrite,
  type OfflineWrite,
  type OfflineWriteVariables,
} from '../../../src/features/offline/offline-writes';
import { savedCopy } from './saved-copy';

/** The same IndexedDB store the offline session uses (fake-indexeddb here). */
const store = createStore('ruminations-offline', 'cache');

async function storedText(): Promise<string> {
  const out: string[] = [];
  for (const key of await keys(store)) out.push(`${String(key)}=${String(await get(key, store))}`);
  return out.join('\n');
}

function storedCopy(content: string, mutations: unknown[] = []): string {
  return savedCopy(['ruminations', 'my', { isPublic: true }], content, mutations);
}

afterEach(async () => {
  await wipeOfflineData(new QueryClient());
});

describe('the offline copy follows who is signed in', () => {
  test("a person's copy is restored into the cache before their screens load", async () => {
    await set(storageKeyFor(1), storedCopy('alice wrote this'), store);
    const client = new QueryClient();
    await syncOfflineSession(client, 1);
    expect(client.getQueryData(['ruminations', 'my', { isPublic: true }])).toEqual({
      pages: [[{ id: 1, content: 'alice wrote this' }]],
      pageParams: [null],
    });
  });

  test('what is read is saved under the signed-in person only', async () => {
    const client = new QueryClient();
    await syncOfflineSession(client, 2);
    client.setQueryData(['ruminations', 'feed', {}], {
      pages: [[{ id: 9, content: 'feed item' }]],
    });
    await expect.poll(() => storedText(), { timeout: 3000 }).toContain('feed item');
    expect((await keys(store)).map(String)).toEqual([storageKeyFor(2)]);
  });

  test('a page being hidden writes the copy at once, not a second after the last change', async () => {
    const client = new QueryClient();
    await syncOfflineSession(client, 5);
    // The first change is written at once; the persister holds the next back for a second.
    client.setQueryData(['ruminations', 'feed', {}], { pages: [[{ id: 6, content: 'first' }]] });
    client.setQueryData(['ruminations', 'calendar', '2023-05'], [{ date: '2023-05-03', count: 1 }]);
    await saveOfflineCopyNow();
    expect(await storedText()).toContain('2023-05-03');
  });

  test("someone else signing in wipes the previous person's copy, in storage and memory", async () => {
    await set(storageKeyFor(1), storedCopy('alice wrote this'), store);
    const client = new QueryClient();
    await syncOfflineSession(client, 1);
    await syncOfflineSession(client, 3);
    expect(await storedText()).not.toContain('alice wrote this');
    expect(client.getQueryData(['ruminations', 'my', { isPublic: true }])).toBeUndefined();
  });

  test('signing out wipes every stored copy, and a late save writes nothing', async () => {
    await set(storageKeyFor(4), storedCopy('private note'), store);
    const client = new QueryClient();
    await syncOfflineSession(client, 4);
    // A change just before sign-out: its throttled save must not bring the data back.
    client.setQueryData(['ruminations', 'feed', {}], { pages: [[{ id: 5, content: 'late' }]] });
    await wipeOfflineData(client);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await keys(store)).toEqual([]);
  });
});

describe('queued writes', () => {
  test('a write queued before a reload is resumed through the write its feature registered', async () => {
    const variables: OfflineWriteVariables = {
      body: { content: 'written on the train' },
      idempotencyKey: 'f3b2a1c0-0000-4000-8000-000000000001',
      label: 'New draft',
    };
    const queued = {
      mutationKey: ['offline-write', 'note', 'create'],
      scope: { id: 'offline-writes' },
      state: {
        context: undefined,
        data: undefined,
        error: null,
        failureCount: 0,
        failureReason: null,
        isPaused: true,
        status: 'pending',
        variables,
        submittedAt: Date.now(),
      },
    };
    await set(storageKeyFor(6), storedCopy('anything', [queued]), store);
    const sent: OfflineWriteVariables[] = [];
    const noteWrite: OfflineWrite<OfflineWriteVariables> = {
      name: ['note', 'create'],
      send: (write) => {
        sent.push(write);
        return Promise.resolve({ id: 1 });
      },
      afterSuccess: () => Promise.resolve(),
    };
    const client = new QueryClient();
    await syncOfflineSession(client, 6, () =>
      Promise.resolve((queryClient: QueryClient) => registerOfflineWrite(queryClient, noteWrite)),
    );
    await expect.poll(() => sent).toEqual([variables]);
  });
});
