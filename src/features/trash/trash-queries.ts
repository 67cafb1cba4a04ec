import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { RUMINATION_PAGE_SIZE } from '../../api/limits';
import type { TrashedRumination } from '../../api/rumination-schemas';
import { ruminationKeys } from '../../lib/query-keys';
import { invalidateAfterRuminationChange } from '../ruminations/rumination-queries';
import { deleteForGood, emptyTrash, fetchTrash } from './trash-api';

type PageParam = number | undefined;

/** The signed-in person's trash, most recently deleted first, paged by BeforeId like every list. */
export const trashQuery = () =>
  infiniteQueryOptions({
    // Under `all`, so any rumination change refreshes it (defined here: only the trash needs it).
    queryKey: [...ruminationKeys.all, 'trash'],
    queryFn: ({ pageParam }) =>
      fetchTrash({ Limit: RUMINATION_PAGE_SIZE, BeforeId: pageParam ?? undefined }),
    initialPageParam: undefined as PageParam,
    getNextPageParam: (lastPage: TrashedRumination[]): PageParam =>
      lastPage.length < RUMINATION_PAGE_SIZE ? undefined : lastPage[lastPage.length - 1]?.id,
  });

export function useTrash() {
  return useInfiniteQuery(trashQuery());
}

export function useDeleteForGood() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteForGood(id),
    onSuccess: () => invalidateAfterRuminationChange(queryClient),
  });
}

export function useEmptyTrash() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => emptyTrash(),
    onSuccess: () => invalidateAfterRuminationChange(queryClient),
  });
}
