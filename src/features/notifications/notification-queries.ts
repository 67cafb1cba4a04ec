import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Notification } from '../../api/notification-schemas';
import { notificationKeys } from '../../lib/query-keys';
import { fetchNotifications, fetchUnreadCount, markNotificationsRead } from './notification-api';

/** Page size of the list; sent, so that "a page shorter than Limit is the last" holds. */
export const NOTIFICATION_PAGE_SIZE = 20;

type PageParam = number | undefined;

/** A cache restored from storage brings the first page's `undefined` back as `null` (JSON). */
function beforeIdOf(pageParam: PageParam | null): number | undefined {
  return pageParam ?? undefined;
}

function nextBeforeId(lastPage: Notification[]): PageParam {
  if (lastPage.length < NOTIFICATION_PAGE_SIZE) return undefined;
  return lastPage[lastPage.length - 1]?.id;
}

export const notificationQueries = {
  list: () =>
    infiniteQueryOptions({
      queryKey: notificationKeys.list,
      queryFn: ({ pageParam }) =>
        fetchNotifications({ Limit: NOTIFICATION_PAGE_SIZE, BeforeId: beforeIdOf(pageParam) }),
      initialPageParam: undefined as PageParam,
      getNextPageParam: nextBeforeId,
    }),
  unreadCount: () =>
    queryOptions({
      queryKey: notificationKeys.unreadCount,
      queryFn: fetchUnreadCount,
      select: (data) => data.count,
    }),
};

export function useNotifications() {
  return useInfiniteQuery(notificationQueries.list());
}

/**
 * The bell's number: 0 until known. The open stream keeps it current (use-notification-stream.ts);
 * offline it comes from the persisted cache (features/offline).
 */
export function useUnreadCount(): number {
  return useQuery(notificationQueries.unreadCount()).data ?? 0;
}

/**
 * Marks everything up to `upToId` read. The list is left as it is, so that what was new keeps its
 * mark while the page stays open; the bell's number is asked for again.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upToId: number) => markNotificationsRead(upToId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount }),
  });
}
