import {
  infiniteQueryOptions,
  queryOptions,
  useSuspenseInfiniteQuery,
  useSuspenseQuery,
  type QueryClient,
} from '@tanstack/react-query';
import { peopleKeys, ruminationKeys } from '../../lib/query-keys';
import {
  fetchFeed,
  fetchMyRuminations,
  fetchPublicRuminations,
  fetchMyTags,
  fetchRumination,
} from './rumination-api';

import { RUMINATION_PAGE_SIZE } from '../../api/limits';

export interface MyRuminationFilters {
  /** Absent: drafts and published alike (a calendar day's list). */
  isPublic?: boolean;
  /** One local day's notes (GET /my?date=, ours: the calendar's day). */
  date?: string;
  /** Words to search for (GET /my?q=); absent: the whole list. */
  q?: string;
  /** Only those with this tag (`tag=`); absent: every one. */
  tag?: string;
}

export interface FeedFilters {
  isPublic?: boolean;
  tag?: string;
}

export interface PublicRuminationFilters {
  /** One user's ruminations (a profile); absent: everyone's public ones. */
  userId?: number;
  isPublic?: boolean;
  tag?: string;
}

type PageParam = number | undefined;

/**
 * The first page's param is `undefined`, which a cache restored from storage (features/offline)
 * brings back as `null` (JSON): both mean "from the newest".
 */
function beforeIdOf(pageParam: PageParam | null): number | undefined {
  return pageParam ?? undefined;
}

/** Keyset paging: the next page starts below the last id seen; a short page is the last one. */
function nextBeforeId(lastPage: readonly { id: number }[]): PageParam {
  if (lastPage.length < RUMINATION_PAGE_SIZE) return undefined;
  return lastPage[lastPage.length - 1]?.id;
}

export const ruminationQueries = {
  /** The signed-in person's tags with counts (My Ruminations' tag list, search suggestions). */
  myTags: () =>
    queryOptions({
      queryKey: ruminationKeys.myTags,
      queryFn: fetchMyTags,
    }),

  /** One rumination on its own page (/rumination/{id}). */
  one: (id: number) =>
    queryOptions({
      queryKey: ruminationKeys.one(id),
      queryFn: () => fetchRumination(id),
    }),

  my: (filters: MyRuminationFilters) =>
    infiniteQueryOptions({
      queryKey: ruminationKeys.my(filters),
      queryFn: ({ pageParam, signal }) =>
        fetchMyRuminations(
          {
            isPublic: filters.isPublic,
            q: filters.q,
            tag: filters.tag,
            date: filters.date,
            Limit: RUMINATION_PAGE_SIZE,
            BeforeId: beforeIdOf(pageParam),
          },
          signal,
        ),
      initialPageParam: undefined as PageParam,
      getNextPageParam: nextBeforeId,
    }),

  feed: (filters: FeedFilters) =>
    infiniteQueryOptions({
      queryKey: ruminationKeys.feed(filters),
      queryFn: ({ pageParam }) =>
        fetchFeed({
          isPublic: filters.isPublic,
          tag: filters.tag,
          Limit: RUMINATION_PAGE_SIZE,
          BeforeId: beforeIdOf(pageParam),
        }),
      initialPageParam: undefined as PageParam,
      getNextPageParam: nextBeforeId,
    }),

  public: (filters: PublicRuminationFilters) =>
    infiniteQueryOptions({
      queryKey: ruminationKeys.public(filters),
      queryFn: ({ pageParam }) =>
        fetchPublicRuminations({
          UserId: filters.userId,
          isPublic: filters.isPublic,
          tag: filters.tag,
          Limit: RUMINATION_PAGE_SIZE,
          BeforeId: beforeIdOf(pageParam),
        }),
      initialPageParam: undefined as PageParam,
      getNextPageParam: nextBeforeId,
    }),
};

/**
 * Own, feed and public lists and profiles (they carry a count) change with any rumination (spec
 * section 4). Awaited by the mutations, so that a dialog closes onto the refreshed page.
 */
export async function invalidateAfterRuminationChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ruminationKeys.all }),
    queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
  ]);
}

export function useRumination(id: number) {
  return useSuspenseQuery(ruminationQueries.one(id));
}

export function useMyRuminations(filters: MyRuminationFilters) {
  return useSuspenseInfiniteQuery(ruminationQueries.my(filters));
}

export function useFeed(filters: FeedFilters) {
  return useSuspenseInfiniteQuery(ruminationQueries.feed(filters));
}

export function usePublicRuminations(tag?: string) {
  return useSuspenseInfiniteQuery(ruminationQueries.public(tag === undefined ? {} : { tag }));
}

/** One user's ruminations on their profile: public ones only, or all visible to the viewer. */
export function useUserRuminations(userId: number, isPublic: boolean) {
  return useSuspenseInfiniteQuery(ruminationQueries.public({ userId, isPublic }));
}
