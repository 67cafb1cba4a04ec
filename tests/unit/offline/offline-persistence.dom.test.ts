import {
  QueryClient,
  dehydrate,
  hydrate,
  type DehydratedState,
  type MutationState,
} from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import {
  CACHE_BUSTER,
  OFFLINE_MAX_AGE_MS,
  isCacheKey,
  restorableState,
  serializePersistedClient,
  shouldPersistMutation,
  shouldPersistQuery,
  storageKeyFor,
  userIdOfToken,
} from '../../../src/features/offline/offline-persistence';
import { ApiError } from '../../../src/lib/api-error';
import { describeWrite } from '../../../src/features/offline/pending-write-state';
import { shouldRetryWrite } from '../../../src/features/offline/offline-writes';
import { newIdempotencyKey } from '../../../src/lib/idempotency-key';
import { commentWrites } from '../../../src/features/comments/comment-writes';
import { ruminationWrites } from '../../../src/features/ruminations/rumination-writes';
import { offlineWriteKey, offlineWriteOptions } from '../../../src/features/offline/offline-writes';
import { conflictCurrentOf, isConflictError } from '../../../src/features/offline/conflict-state';
import { memoryQueries } from '../../../src/features/ruminations/memories-queries';

const offlineWriteKeys = {
  createRumination: offlineWriteKey(ruminationWrites.create),
  createComment: offlineWriteKey(commentWrites.create),
  updateComment: offlineWriteKey(commentWrites.update),
};

function tokenWith(payload: object): string {
  const part = btoa(JSON.stringify(payload))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  return `eyJhbGciOiJIUzI1NiJ9.${part}.signature`;
}

function initialMutationState(): MutationState {
  return {
    context: undefined,
    data: undefined,
    error: null,
    failureCount: 0,
    failureReason: null,
    isPaused: false,
    status: 'idle',
    variables: undefined,
    submittedAt: 0,
  };
}

const EMPTY: DehydratedState = { queries: [], mutations: [] };

function stateWith(): DehydratedState {
  const client = new QueryClient();
  client.setQueryData(['ruminations', 'feed', {}], { pages: [[{ id: 1, content: 'hello' }]] });
  // A write caught in flight when the page closed: pending, not paused.
  client
    .getMutationCache()
    .build(
      client,
      { mutationKey: offlineWriteKeys.createRumination },
      { ...initialMutationState(), status: 'pending', isPaused: false, variables: { a: 1 } },
    );
  return dehydrate(client, { shouldDehydrateMutation: () => true });
}

describe('whose copy', () => {
  test('the user id comes from the token subject; anything else is nobody', () => {
    expect(userIdOfToken(tokenWith({ sub: '42', exp: 1 }))).toBe(42);
    expect(userIdOfToken(tokenWith({ sub: 'x' }))).toBeNull();
    expect(userIdOfToken(tokenWith({ sub: '-3' }))).toBeNull();
    expect(userIdOfToken('not a token')).toBeNull();
    expect(userIdOfToken(null)).toBeNull();
  });

  test('each person has their own storage key', () => {
    expect(storageKeyFor(1)).not.toBe(storageKeyFor(2));
    expect(isCacheKey(storageKeyFor(7))).toBe(true);
    expect(isCacheKey('something-else')).toBe(false);
  });
});

describe('what is restored', () => {
  const now = 1_000_000_000_000;

  test('a fresh copy of this build is restored whole; in-flight writes resume as paused', () => {
    const state = restorableState(
      { timestamp: now - 1000, buster: 'b1', clientState: stateWith() },
      now,
      'b1',
    );
    expect(state?.queries).toHaveLength(1);
    expect(state?.mutations).toHaveLength(1);
    expect(state?.mutations[0]?.state.isPaused).toBe(true);
  });

  test('reads older than a week are dropped, writes are kept', () => {
    const old = { timestamp: now - OFFLINE_MAX_AGE_MS - 1, buster: 'b1', clientState: stateWith() };
    const state = restorableState(old, now, 'b1');
    expect(state?.queries).toEqual([]);
    expect(state?.mutations).toHaveLength(1);
  });

  test("another build's reads are dropped, its queued writes are kept", () => {
    const state = restorableState(
      { timestamp: now, buster: 'b0', clientState: stateWith() },
      now,
      'b1',
    );
    expect(state?.queries).toEqual([]);
    expect(state?.mutations).toHaveLength(1);
  });

  test('nothing stored, nothing restored', () => {
    expect(restorableState(undefined, now)).toBeUndefined();
    expect(restorableState({ timestamp: now, buster: 'x', clientState: EMPTY }, now, 'x')).toEqual(
      EMPTY,
    );
  });
});

describe('what is stored', () => {
  test('offline writes while unsent or failed; never other mutations or sent writes', () => {
    const client = new QueryClient();
    const cache = client.getMutationCache();
    const make = (mutationKey: readonly unknown[], status: 'pending' | 'error' | 'success') =>
      cache.build(client, { mutationKey }, { ...initialMutationState(), status, isPaused: true });
    expect(shouldPersistMutation(make(offlineWriteKeys.createComment, 'pending'))).toBe(true);
    expect(shouldPersistMutation(make(['relations', 'accept'], 'pending'))).toBe(false);
    expect(shouldPersistMutation(make(offlineWriteKeys.updateComment, 'error'))).toBe(true);
    expect(shouldPersistMutation(make(offlineWriteKeys.createRumination, 'success'))).toBe(false);
  });

  test('successful reads except the terms text', () => {
    const client = new QueryClient();
    client.setQueryData(['ruminations', 'my', { isPublic: true }], []);
    client.setQueryData(['terms', 'current'], 'long text');
    const stored = client
      .getQueryCache()
      .getAll()
      .filter(shouldPersistQuery)
      .map((q) => q.queryKey[0]);
    expect(stored).toEqual(['ruminations']);
  });

  test('calendar months and on this day, like the lists: a month seen once opens offline', () => {
    const client = new QueryClient();
    client.setQueryData(memoryQueries.calendar('2023-05').queryKey, {
      month: '2023-05',
      days: [{ date: '2023-05-03', count: 2 }],
    });
    client.setQueryData(memoryQueries.onThisDay().queryKey, []);
    const stored = client.getQueryCache().getAll().filter(shouldPersistQuery);
    expect(stored).toHaveLength(2);
  });
});

describe('sending writes', () => {
  test('a queued write keeps its key across builds, so a newer build resumes an older one', () => {
    expect(offlineWriteKeys.createRumination).toEqual(['offline-write', 'rumination', 'create']);
    expect(offlineWriteKey(ruminationWrites.update)).toEqual([
      'offline-write',
      'rumination',
      'update',
    ]);
    expect(offlineWriteKeys.createComment).toEqual(['offline-write', 'comment', 'create']);
    expect(offlineWriteKeys.updateComment).toEqual(['offline-write', 'comment', 'update']);
  });

  test('only network failures are retried; every answer is shown at once', () => {
    expect(shouldRetryWrite(0, new ApiError('Failed to create rumination', 0))).toBe(true);
    expect(shouldRetryWrite(3, new ApiError('Failed to create rumination', 0))).toBe(false);
    for (const status of [400, 403, 409, 422, 500, 503]) {
      expect(shouldRetryWrite(0, new ApiError('no', status))).toBe(false);
    }
  });

  test('idempotency keys are UUIDs, new every time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});

describe('a failed write restored after a reload', () => {
  test("still shows the server's reason", async () => {
    const before = new QueryClient();
    const mutation = before.getMutationCache().build(before, {
      mutationKey: offlineWriteKeys.createComment,
      mutationFn: () => Promise.reject(new ApiError('Comments are not allowed on drafts', 409)),
      retry: false,
    });
    await mutation
      .execute({ body: { content: 'hello', ruminationId: 1 }, label: 'Comment' })
      .catch(() => undefined);
    const stored = serializePersistedClient({
      timestamp: Date.now(),
      buster: CACHE_BUSTER,
      clientState: dehydrate(before, { shouldDehydrateMutation: shouldPersistMutation }),
    } as unknown as Parameters<typeof serializePersistedClient>[0]);

    const after = new QueryClient();
    hydrate(after, restorableState(JSON.parse(stored) as never, Date.now()) ?? {});
    const [restored] = after.getMutationCache().getAll();
    expect(restored && describeWrite(restored)).toMatchObject({
      title: 'Comment',
      state: 'failed',
      content: 'hello',
      error: 'Comments are not allowed on drafts',
    });
  });
});

describe('an edit refused as changed elsewhere, restored after a reload', () => {
  test('is still a conflict, with the text written and the version saved elsewhere', async () => {
    const current = { id: 7, content: 'Written on the phone', version: 2 };
    const before = new QueryClient();
    const options = offlineWriteOptions(ruminationWrites.update, before);
    const mutation = before.getMutationCache().build(before, {
      ...options,
      mutationFn: () =>
        Promise.reject(
          new ApiError('This was changed elsewhere', 412, {
            type: 'about:blank',
            title: 'This was changed elsewhere',
            status: 412,
            current,
          }),
        ),
    });
    await mutation
      .execute({
        id: 7,
        baseVersion: 1,
        body: { content: 'Written on the laptop', publish: true },
        idempotencyKey: newIdempotencyKey(),
        label: 'Edited rumination',
      })
      .catch(() => undefined);
    const stored = serializePersistedClient({
      timestamp: Date.now(),
      buster: CACHE_BUSTER,
      clientState: dehydrate(before, { shouldDehydrateMutation: shouldPersistMutation }),
    } as unknown as Parameters<typeof serializePersistedClient>[0]);

    const after = new QueryClient();
    hydrate(after, restorableState(JSON.parse(stored) as never, Date.now()) ?? {});
    const [restored] = after.getMutationCache().getAll();
    expect(restored && describeWrite(restored)).toMatchObject({
      title: 'Edited rumination',
      state: 'conflict',
      content: 'Written on the laptop',
    });
    expect(isConflictError(restored?.state.error)).toBe(true);
    expect(conflictCurrentOf(restored?.state.error)).toEqual(current);
    expect(restored?.options.meta).toEqual({ waitsOnConflict: true });
  });
});

describe('a long list in the stored copy', () => {
  test('is kept with its first page only, and opens there with more to load', () => {
    const before = new QueryClient();
    const pages = [[{ id: 30 }, { id: 29 }], [{ id: 28 }, { id: 27 }], [{ id: 26 }]];
    before.setQueryData(['ruminations', 'feed', {}], { pages, pageParams: [null, 29, 27] });
    before.setQueryData(['people', 'one'], { id: 1 });
    const stored = serializePersistedClient({
      timestamp: Date.now(),
      buster: CACHE_BUSTER,
      clientState: dehydrate(before),
    } as unknown as Parameters<typeof serializePersistedClient>[0]);

    const after = new QueryClient();
    hydrate(after, restorableState(JSON.parse(stored) as never, Date.now()) ?? {});
    expect(after.getQueryData(['ruminations', 'feed', {}])).toEqual({
      pages: [pages[0]],
      pageParams: [null],
    });
    expect(after.getQueryData(['people', 'one'])).toEqual({ id: 1 });
    // The page in memory is untouched: only what is written out is shortened.
    expect(
      (before.getQueryData(['ruminations', 'feed', {}]) as { pages: unknown[] }).pages,
    ).toHaveLength(3);
  });
});
