import { infiniteQueryOptions, useInfiniteQuery, useMutation } from '@tanstack/react-query';
import type { RuminationRevision } from '../../api/rumination-schemas';
import { ruminationKeys } from '../../lib/query-keys';
import { fetchRevisions, restoreRevision } from './history-api';

/** Versions per page of the history. */
export const REVISION_PAGE_SIZE = 20;

type PageParam = number | undefined;

export const historyQueries = {
  /** A note's earlier versions, newest first. */
  revisions: (id: number) =>
    infiniteQueryOptions({
      // Under `all`, so any rumination change refreshes it (defined here: only History needs it).
      queryKey: [...ruminationKeys.all, 'revisions', id],
      queryFn: ({ pageParam }) =>
        fetchRevisions(id, { Limit: REVISION_PAGE_SIZE, BeforeId: pageParam ?? undefined }),
      initialPageParam: undefined as PageParam,
      getNextPageParam: (lastPage: RuminationRevision[]): PageParam =>
        lastPage.length < REVISION_PAGE_SIZE ? undefined : lastPage[lastPage.length - 1]?.id,
    }),
};

/** Loaded while the history is open. */
export function useRevisions(id: number, enabled: boolean) {
  return useInfiniteQuery({ ...historyQueries.revisions(id), enabled });
}

/**
 * Restores a revision on top of `baseVersion` (the version the history shows as current).
 * `afterRestore`: what the note's owner refreshes (its lists, given by the card that opened it).
 */
export function useRestoreRevision(id: number, afterRestore: () => Promise<void>) {
  return useMutation({
    mutationFn: ({ revisionId, baseVersion }: { revisionId: number; baseVersion: number }) =>
      restoreRevision(id, revisionId, baseVersion),
    onSuccess: afterRestore,
  });
}
