import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { createStore, keys, set } from 'idb-keyval';
import { afterEach, expect, test } from 'vitest';
import { readSavedCopyEarly } from '../../../src/features/offline/offline-early-read';
import { storageKeyFor } from '../../../src/features/offline/offline-persistence';
import { syncOfflineSession, wipeOfflineData } from '../../../src/features/offline/offline-session';
import { savedCopy } from './saved-copy';

/**
 * The return visit's head start (offline-boot.ts): the saved copy is read from the entry, before
 * the session's code has loaded, and that read is the one restored.
 */

const store = createStore('ruminations-offline', 'cache');
const KEY = ['ruminations', 'feed', {}];

function storedCopy(content: string): string {
  return savedCopy(KEY, content);
}

afterEach(async () => {
  await wipeOfflineData(new QueryClient());
});

test('reads the person’s saved copy, and nothing for someone with none', async () => {
  await set(storageKeyFor(1), storedCopy('alice’s feed'), store);
  expect(await readSavedCopyEarly(1)).toContain('alice’s feed');
  expect(await readSavedCopyEarly(2)).toBeUndefined();
});

test('the early read is what is restored, and the screen may start before others are wiped', async () => {
  await set(storageKeyFor(1), storedCopy('in storage'), store);
  await set(storageKeyFor(7), storedCopy('someone else’s'), store);
  const client = new QueryClient();
  let keysWhenRestored: string[] = [];
  await syncOfflineSession(client, 1, undefined, {
    userId: 1,
    text: Promise.resolve(storedCopy('read early')),
    onRestored: () => {
      expect(client.getQueryData(KEY)).toEqual({
        pages: [[{ id: 1, content: 'read early' }]],
        pageParams: [null],
      });
      void keys(store).then((found) => (keysWhenRestored = found.map(String)));
    },
  });
  expect(keysWhenRestored).toContain(storageKeyFor(7));
  // Once the sync is done, the other person's copy is gone all the same.
  expect((await keys(store)).map(String)).toEqual([storageKeyFor(1)]);
});

test('an early read for someone else is ignored', async () => {
  await set(storageKeyFor(1), storedCopy('in storage'), store);
  const client = new QueryClient();
  await syncOfflineSession(client, 1, undefined, {
    userId: 2,
    text: Promise.resolve(storedCopy('not theirs')),
    onRestored: () => {},
  });
  expect(client.getQueryData(KEY)).toEqual({
    pages: [[{ id: 1, content: 'in storage' }]],
    pageParams: [null],
  });
});
