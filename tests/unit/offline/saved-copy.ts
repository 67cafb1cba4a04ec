import { CACHE_BUSTER } from '../../../src/features/offline/cache-buster';

/**
 * The offline copy as TanStack Query's persister stores it (offline-persistence.ts): one query
 * of `queryKey`, successfully read, holding a page of one note of `content`, with `mutations`
 * the paused writes kept beside it. The buster is this build's, so the copy is restored.
 */
export function savedCopy(
  queryKey: readonly unknown[],
  content: string,
  mutations: unknown[] = [],
): string {
  return JSON.stringify({
    timestamp: Date.now(),
    buster: CACHE_BUSTER,
    clientState: {
      mutations,
      queries: [
        {
          queryKey,
          queryHash: JSON.stringify(queryKey),
          state: {
            data: { pages: [[{ id: 1, content }]], pageParams: [null] },
            dataUpdateCount: 1,
            dataUpdatedAt: Date.now(),
            error: null,
            errorUpdateCount: 0,
            errorUpdatedAt: 0,
            fetchFailureCount: 0,
            fetchFailureReason: null,
            fetchMeta: null,
            isInvalidated: false,
            status: 'success',
            fetchStatus: 'idle',
          },
        },
      ],
    },
  });
}
