import type { Kysely } from 'kysely';
import { NOTIFICATION_LIMIT_DEFAULT } from '../../../src/api/limits';
import type { Notification, NotificationListQuery } from '../../../src/api/notification-schemas';
import type { CommentRecipient } from '../../../src/domain/notification-rules';
import type { RelationNotice } from '../../../src/domain/relation-decisions';
import type { Database } from '../../db/schema';
import { enqueuePush } from '../push/push-outbox';
import {
  countUnreadVisible,
  deleteUnreadRequest,
  findVisibleNotifications,
  insertNotifications,
  listVisibleNotifications,
  markReadUpTo,
  type NewNotification,
} from './notification-queries';
import type { News } from './notification-events';
import { toNotification } from './notification-wire';

/**
 * The rules of notifications (api-contract.md "Notifications"): who is told of what, and what a
 * recipient is shown. Reads show only what the recipient may still see (notification-queries.ts).
 * The notify* functions write inside the caller's transaction and return the recipients, whom the
 * caller publishes to (notification-events.ts) once that transaction has committed.
 */

/** Newest first, `BeforeId` keyset paging, visible rows only. */
export async function listNotifications(
  db: Kysely<Database>,
  userId: number,
  query: NotificationListQuery,
): Promise<Notification[]> {
  const rows = await listVisibleNotifications(db, userId, {
    beforeId: query.BeforeId,
    newestFirst: true,
    limit: query.Limit ?? NOTIFICATION_LIMIT_DEFAULT,
  });
  return rows.map(toNotification);
}

/** Rows with id > afterId, OLDEST first, visible only: what a reconnecting stream missed. */
export async function listNotificationsAfter(
  db: Kysely<Database>,
  userId: number,
  afterId: number,
  limit: number,
): Promise<Notification[]> {
  const rows = await listVisibleNotifications(db, userId, { afterId, newestFirst: false, limit });
  return rows.map(toNotification);
}

/** The notifications of these ids the user may see, oldest first (a stream's news). */
export async function findNotificationsByIds(
  db: Kysely<Database>,
  userId: number,
  ids: readonly number[],
): Promise<Notification[]> {
  const rows = await findVisibleNotifications(db, userId, ids);
  return rows.map(toNotification);
}

/** Unread and visible: exactly the unread rows the list would show. */
export async function countUnread(db: Kysely<Database>, userId: number): Promise<number> {
  return countUnreadVisible(db, userId);
}

/** Marks the caller's notifications with id <= upToId read; nobody else's are touched. */
export async function markRead(
  db: Kysely<Database>,
  userId: number,
  upToId: number,
): Promise<void> {
  await markReadUpTo(db, userId, upToId);
}

/**
 * What a write tells live streams (notification-events.ts): each new notification by id, or a
 * recipient alone whose list changed otherwise; [] when nobody was told.
 */
export type Notified = News[];

async function write(db: Kysely<Database>, rows: NewNotification[]): Promise<Notified> {
  const now = new Date().toISOString();
  const written = await insertNotifications(db, rows, now);
  // Web Push is queued in the same transaction: a crash after the commit loses no message.
  await enqueuePush(
    db,
    written.map((row) => row.id),
    now,
  );
  return written.map((row) => ({ recipientId: row.recipient_id, notificationId: row.id }));
}

/** A relation's notifications, as the shared decision chose them (relation-decisions.ts). */
export async function notifyRelation(
  db: Kysely<Database>,
  relation: { id: number; type: number },
  notices: readonly RelationNotice[],
): Promise<Notified> {
  return write(
    db,
    notices.map(({ kind, recipientId, actorId }) => ({
      kind,
      recipient_id: recipientId,
      actor_id: actorId,
      relation_id: relation.id,
      relation_type: relation.type,
    })),
  );
}

/**
 * Takes back a cancelled request's notification while still unread (it asks for something that
 * no longer stands); a read one stays, as history.
 */
export async function withdrawRelationNotice(
  db: Kysely<Database>,
  relationId: number,
  notice: RelationNotice,
): Promise<Notified> {
  return (await deleteUnreadRequest(db, notice.recipientId, relationId))
    ? [notice.recipientId]
    : [];
}

export interface CommentNotified {
  commentId: number;
  ruminationId: number;
  actorId: number;
  /** Decided by the shared rule (src/domain/comment-decisions.ts, notification-rules.ts). */
  recipients: readonly CommentRecipient[];
}

/**
 * `MentionedMe` to each recipient src/domain/mentions.ts chose, about a rumination or (with
 * `commentId`) one of its comments.
 */
export async function notifyMentioned(
  db: Kysely<Database>,
  mention: { ruminationId: number; commentId: number | null; actorId: number },
  recipientIds: readonly number[],
): Promise<Notified> {
  return write(
    db,
    recipientIds.map((recipientId) => ({
      kind: 'MentionedMe' as const,
      recipient_id: recipientId,
      actor_id: mention.actorId,
      rumination_id: mention.ruminationId,
      comment_id: mention.commentId,
    })),
  );
}

/** A new comment's notifications, one row per recipient the rules chose. */
export async function notifyComment(
  db: Kysely<Database>,
  comment: CommentNotified,
): Promise<Notified> {
  return write(
    db,
    comment.recipients.map(({ recipientId, kind }) => ({
      kind,
      recipient_id: recipientId,
      actor_id: comment.actorId,
      rumination_id: comment.ruminationId,
      comment_id: comment.commentId,
    })),
  );
}

/** A reaction's notification to the rumination's author (decided by src/domain/reactions.ts). */
export async function notifyReaction(
  db: Kysely<Database>,
  reaction: { ruminationId: number; actorId: number; recipientId: number },
): Promise<Notified> {
  return write(db, [
    {
      kind: 'ReactionOnMyRumination',
      recipient_id: reaction.recipientId,
      actor_id: reaction.actorId,
      rumination_id: reaction.ruminationId,
    },
  ]);
}
