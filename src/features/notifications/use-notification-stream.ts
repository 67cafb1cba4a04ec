import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Notification, UnreadCount } from '../../api/notification-schemas';
import { notificationKeys, relationKeys, ruminationKeys } from '../../lib/query-keys';
import { useAuth } from '../auth/auth-context';
import { invalidateCommentTree } from '../comments/comment-queries';
import { startNotificationStream } from './notification-stream';

/**
 * What a new notification changes on screen, and nothing more: the bell's number, the list, and
 * the data the event is about (a rumination's comments, or the relation lists that People and its
 * nav count read; an accepted relation also changes whose ruminations the feeds may show).
 */
export function applyNotification(queryClient: QueryClient, n: Notification): void {
  if (!n.isRead) {
    // At once, before the `unread` event that follows with the server's own number.
    queryClient.setQueryData<UnreadCount>(notificationKeys.unreadCount, (old) =>
      old ? { count: old.count + 1 } : old,
    );
  }
  void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
  switch (n.kind) {
    case 'RelationRequested':
      void queryClient.invalidateQueries({ queryKey: relationKeys.all });
      break;
    case 'RelationAccepted':
      void queryClient.invalidateQueries({ queryKey: relationKeys.all });
      void queryClient.invalidateQueries({ queryKey: ruminationKeys.all });
      break;
    case 'CommentOnMyRumination':
    case 'ReplyToMyComment':
      if (n.ruminationId !== null) void invalidateCommentTree(queryClient, n.ruminationId);
      break;
  }
}

/**
 * Holds the one notification stream while signed in (mounted by the signed-in nav, which is
 * rendered exactly then): a new token opens a new stream, sign-out (unmount) ends it.
 */
export function useNotificationStream(): void {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return undefined;
    return startNotificationStream({
      onUnread: (count) =>
        queryClient.setQueryData<UnreadCount>(notificationKeys.unreadCount, { count }),
      onNotification: (n) => applyNotification(queryClient, n),
    });
  }, [token, queryClient]);
}

/** The hook as a component, for a lazy import beside the bell. Renders nothing. */
export function NotificationStream(): null {
  useNotificationStream();
  return null;
}
