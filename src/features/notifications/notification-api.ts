import { t } from '@lingui/core/macro';
import type {
  Notification,
  NotificationListQuery,
  UnreadCount,
} from '../../api/notification-schemas';
import { api, searchParamsOf, withDefaultError } from '../../lib/http';

/** API functions of /api/notifications with their default error texts (spec section 8). */

export function fetchNotifications(query: NotificationListQuery): Promise<Notification[]> {
  return withDefaultError(t`Failed to fetch notifications`, () =>
    api.get('notifications', { searchParams: searchParamsOf(query) }).json<Notification[]>(),
  );
}

export function fetchUnreadCount(): Promise<UnreadCount> {
  return withDefaultError(t`Failed to fetch the unread notifications count`, () =>
    api.get('notifications/unread-count').json<UnreadCount>(),
  );
}

/** Marks the caller's notifications with id <= upToId read (204). */
export async function markNotificationsRead(upToId: number): Promise<void> {
  await withDefaultError(t`Failed to mark notifications as read`, () =>
    api.put('notifications/read', { json: { upToId } }),
  );
}
