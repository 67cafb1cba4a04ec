import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Notification, UnreadCount } from '../../api/notification-schemas';
import { notificationKeys, relationKeys, ruminationKeys } from '../../lib/query-keys';
import { useAuth } from '../auth/auth-context';
import { invalidateCommentTree } from '../comments/comment-queries';
import { userIdOfToken } from '../offline/offline-user';
import { startSharedNotificationStream } from './notification-stream-leader';

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
    case 'MentionedMe':
      if (n.ruminationId !== null) void invalidateCommentTree(queryClient, n.ruminationId);
      break;
    case 'ReactionOnMyRumination':
      // The counts on the author's cards and who reacted.
      void queryClient.invalidateQueries({ queryKey: ruminationKeys.all });
      break;
  }
}

/**
 * This tab's part of the notification stream of `token`'s person, shared by the browser's tabs
 * (notification-stream-leader.ts): each applies every event to its own cache. Returns its end.
 */
export function startTabNotificationStream(token: string, queryClient: QueryClient): () => void {
  return startSharedNotificationStream({
    userId: userIdOfToken(token),
    onUnread: (count) =>
      queryClient.setQueryData<UnreadCount>(notificationKeys.unreadCount, { count }),
    onNotification: (n) => applyNotification(queryClient, n),
  });
}

/**
 * Holds this tab's part of the notification stream while signed in (mounted by the signed-in nav,
 * which is rendered exactly then): a new token opens a new one, sign-out (unmount) ends it.
 */
export function useNotificationStream(): void {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token) return undefined;
    return startTabNotificationStream(token, queryClient);
  }, [token, queryClient]);
}

/** The hook as a component, for a lazy import beside the bell. Renders nothing. */
export function NotificationStream(): null {
  useNotificationStream();
  return null;
}
