import { rowLimit } from '../../db/row-limit';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { NotificationKind } from '../../../src/api/notification-schemas';
import type { RowOf } from '../../db/row-of';
import type { Database } from '../../db/schema';
import { personColumns } from '../people/person-columns';
import { ruminationVisibleTo } from '../ruminations/rumination-visibility';

/**
 * SQL of notifications. Every read is one recipient's rows through (recipient_id, id), filtered by
 * what that recipient may still see, so the list and the count can never disagree.
 */

export interface NewNotification {
  recipient_id: number;
  actor_id: number;
  kind: NotificationKind;
  rumination_id?: number | null;
  comment_id?: number | null;
  relation_id?: number | null;
  relation_type?: number | null;
}

/**
 * A row the recipient may still see: one about a rumination only while its rumination exists, is
 * not in its author's trash and is visible to them (ruminationVisibleTo on the left-joined `r`: no
 * row makes it NULL, i.e. hidden; a trashed one is hidden from everyone, its author included, and
 * its notifications come back with it on restore), one about a comment only while that comment
 * exists and is not deleted. Rows about a relation alone carry neither id and always pass. The
 * list, the unread count and the stream all read through here.
 */
function visibleToRecipient(recipientId: number) {
  return sql<SqlBool>`((n.rumination_id is null or ${ruminationVisibleTo(recipientId)})
    and (n.comment_id is null or c.is_deleted = 0))`;
}

/** The recipient's visible rows, not yet ordered or limited. */
function selectVisible(db: Kysely<Database>, recipientId: number) {
  return db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.actor_id')
    .leftJoin('ruminations as r', 'r.id', 'n.rumination_id')
    .leftJoin('comments as c', 'c.id', 'n.comment_id')
    .where('n.recipient_id', '=', recipientId)
    .where(visibleToRecipient(recipientId));
}

/** A notification as the list and the stream read it, with its actor's name. */
function selectVisibleRows(db: Kysely<Database>, recipientId: number) {
  return selectVisible(db, recipientId).select([
    'n.id',
    'n.kind',
    'n.create_tms',
    'n.is_read',
    'n.actor_id',
    ...personColumns('u', 'actor'),
    'n.rumination_id',
    'n.comment_id',
    'n.relation_id',
    'n.relation_type',
  ]);
}

export type NotificationRow = RowOf<ReturnType<typeof selectVisibleRows>>;

export interface NotificationPage {
  /** Rows with a smaller id than this (newest-first paging). */
  beforeId?: number | undefined;
  /** Rows with a larger id than this (oldest-first replay). */
  afterId?: number | undefined;
  newestFirst: boolean;
  limit: number;
  /** Unread rows only (the email digest), through the partial index of unread rows. */
  unreadOnly?: boolean | undefined;
}

export async function listVisibleNotifications(
  db: Kysely<Database>,
  recipientId: number,
  page: NotificationPage,
): Promise<NotificationRow[]> {
  return selectVisibleRows(db, recipientId)
    .$if(page.beforeId !== undefined, (q) => q.where('n.id', '<', page.beforeId ?? 0))
    .$if(page.afterId !== undefined, (q) => q.where('n.id', '>', page.afterId ?? 0))
    .$if(page.unreadOnly === true, (q) => q.where(sql<SqlBool>`n.is_read = 0`))
    .orderBy('n.id', page.newestFirst ? 'desc' : 'asc')
    .limit(rowLimit(page.limit))
    .execute();
}

/**
 * The rows of these ids the recipient may see, oldest first: a stream's news, loaded by primary key
 * whatever the recipient's history holds.
 */
export async function findVisibleNotifications(
  db: Kysely<Database>,
  recipientId: number,
  ids: readonly number[],
): Promise<NotificationRow[]> {
  if (ids.length === 0) return [];
  return selectVisibleRows(db, recipientId)
    .where('n.id', 'in', ids)
    .orderBy('n.id', 'asc')
    .execute();
}

/**
 * The unread rows the list would show. `is_read = 0` is written out (not bound) so that both
 * databases may use the partial index of unread rows.
 */
export async function countUnreadVisible(
  db: Kysely<Database>,
  recipientId: number,
): Promise<number> {
  const row = await selectVisible(db, recipientId)
    .where(sql<SqlBool>`n.is_read = 0`)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function markReadUpTo(
  db: Kysely<Database>,
  recipientId: number,
  upToId: number,
): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ is_read: 1 })
    .where('recipient_id', '=', recipientId)
    .where(sql<SqlBool>`is_read = 0`)
    .where('id', '<=', upToId)
    .execute();
}

/** Writes the rows; returns their ids, which the streams load them by. */
export async function insertNotifications(
  db: Kysely<Database>,
  rows: readonly NewNotification[],
  now: string,
): Promise<{ id: number; recipient_id: number }[]> {
  if (rows.length === 0) return [];
  return db
    .insertInto('notifications')
    .values(rows.map((row) => ({ ...row, is_read: 0, create_tms: now })))
    .returning(['id', 'recipient_id'])
    .execute();
}

/**
 * Drops the unread RelationRequested of a cancelled request: it asked for something that no longer
 * stands. Read ones stay, as history. Returns whether one was dropped.
 */
export async function deleteUnreadRequest(
  db: Kysely<Database>,
  recipientId: number,
  relationId: number,
): Promise<boolean> {
  const kind: NotificationKind = 'RelationRequested';
  const result = await db
    .deleteFrom('notifications')
    .where('recipient_id', '=', recipientId)
    .where(sql<SqlBool>`is_read = 0`)
    .where('relation_id', '=', relationId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Every notification to or from one person (account erasure). */
export async function deleteNotificationsOfPerson(
  db: Kysely<Database>,
  userId: number,
): Promise<void> {
  await db.deleteFrom('notifications').where('recipient_id', '=', userId).execute();
  await db.deleteFrom('notifications').where('actor_id', '=', userId).execute();
}

/** The newest notification id of a recipient, visible or not (0 when none): a fresh stream's start. */
export async function newestNotificationId(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('recipient_id', '=', userId)
    .executeTakeFirst();
  return row?.id === null || row?.id === undefined ? 0 : Number(row.id);
}
