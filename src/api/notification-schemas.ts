import { z } from 'zod';
import { beforeIdQuery, id, idInput, relationTypeSchema, timestamp, userRef } from './common';
import { NOTIFICATION_LIMIT_MAX } from './limits';
import { NOTIFICATION_KINDS } from '../domain/notification-kinds';

/** Wire schemas of /api/notifications/* (api-contract.md "Notifications"). */

export { NOTIFICATION_KINDS, type NotificationKind } from '../domain/notification-kinds';

/** One notification: ids and names only, never a note's or a comment's words. */
export const notification = z.object({
  id,
  kind: z.enum(NOTIFICATION_KINDS),
  createTMS: timestamp,
  isRead: z.boolean(),
  actor: userRef,
  ruminationId: id.nullable(),
  commentId: id.nullable(),
  relationId: id.nullable(),
  relationType: relationTypeSchema.nullable(),
});
export type Notification = z.infer<typeof notification>;

export const notificationList = z.array(notification);

/** Query names are matched ignoring case before this schema runs. */
export const notificationListQuery = z.object({
  Limit: z.coerce.number().int().min(1).max(NOTIFICATION_LIMIT_MAX).optional(),
  BeforeId: beforeIdQuery.optional(),
});
export type NotificationListQuery = z.output<typeof notificationListQuery>;

export const unreadCount = z.object({ count: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof unreadCount>;

/** PUT /api/notifications/read: every notification of the caller with id <= upToId is read. */
export const markReadRequest = z.object({ upToId: idInput });
export type MarkReadRequest = z.input<typeof markReadRequest>;

/** The events of GET /api/notifications/stream (text/event-stream). */
export const STREAM_EVENTS = { notification: 'notification', unread: 'unread' } as const;
