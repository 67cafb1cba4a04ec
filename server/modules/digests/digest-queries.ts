import { sql, type Kysely, type SqlBool } from 'kysely';
import type { EmailDigest } from '../../../src/domain/preferences';
import { rowLimit } from '../../db/row-limit';
import type { Database } from '../../db/schema';
import {
  listVisibleNotifications,
  type NotificationRow,
} from '../notifications/notification-queries';
import { activeUserRow } from '../../credentials/writer-lock';

/**
 * SQL of the email digests: who chose one (user_preferences, through its partial index
 * user_preferences_digest), a person's digest_state, and what is new for them, read through the
 * notifications module's visibility-aware list so a digest never names what the app would hide.
 */

/**
 * The next `limit` people after `afterUserId` (by id) with this digest setting. Through the partial
 * index user_preferences_digest (email_digest, user_id), one setting at a time so that the index
 * also gives the order: `email_digest <> 'off'` is written out, not bound, as both databases only
 * use a partial index whose predicate the query states (SQLite otherwise walked the primary key,
 * i.e. every person who ever changed a preference).
 */
export async function peopleWithDigest(
  db: Kysely<Database>,
  setting: Exclude<EmailDigest, 'off'>,
  afterUserId: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('user_preferences')
    .select('user_id')
    .where(sql<SqlBool>`email_digest <> 'off'`)
    .where('email_digest', '=', setting)
    .where('user_id', '>', afterUserId)
    .orderBy('user_id')
    .limit(rowLimit(limit))
    .execute();
  return rows.map((row) => row.user_id);
}

export interface DigestPerson {
  email: string;
  displayName: string;
  setting: EmailDigest;
  lastSentTMS: string | null;
  /** The newest notification the previous digest listed; 0 when none went out. */
  lastNotificationId: number;
}

/**
 * A person's digest facts, or undefined when their account is not active (erased, never activated)
 * or has no preferences row. On PostgreSQL the user row is read FOR SHARE, as a write of theirs
 * does (server/credentials/writer-lock.ts): an erasure of the account then waits for this
 * transaction, or this one waits for it and finds the account gone, so no digest_state row
 * outlives an erasure and no digest goes to an account erased before it was decided.
 */
export async function findDigestPerson(
  db: Kysely<Database>,
  userId: number,
): Promise<DigestPerson | undefined> {
  const user = await activeUserRow(db, userId).select(['email', 'display_name']).executeTakeFirst();
  if (user === undefined) return undefined;
  const row = await db
    .selectFrom('user_preferences as p')
    .leftJoin('digest_state as d', 'd.user_id', 'p.user_id')
    .select(['p.email_digest', 'd.last_sent_tms', 'd.last_notification_id'])
    .where('p.user_id', '=', userId)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    email: user.email,
    displayName: user.display_name,
    setting: row.email_digest,
    lastSentTMS: row.last_sent_tms,
    lastNotificationId: row.last_notification_id ?? 0,
  };
}

/**
 * The person's unread notifications they may see with an id above `afterId`, oldest first, at most
 * `max` of them (the rest wait for the next digest): listVisibleNotifications, so the digest shows
 * what the list shows and nothing it would hide, unread only, so that a person who reads everything
 * in the app costs a run one index probe (notifications_recipient_unread), not a walk of their
 * history since the last digest.
 */
export async function unreadVisibleAfter(
  db: Kysely<Database>,
  userId: number,
  afterId: number,
  max: number,
): Promise<NotificationRow[]> {
  return listVisibleNotifications(db, userId, {
    afterId,
    newestFirst: false,
    limit: max,
    unreadOnly: true,
  });
}

/**
 * Records a digest sent at `sentTMS` that listed notifications up to `lastNotificationId`. Written
 * only while the account is active (insert from a select of it): an account erased meanwhile keeps
 * no digest_state. The casts give PostgreSQL the parameters' types, which a select list lacks.
 */
export async function recordDigest(
  db: Kysely<Database>,
  userId: number,
  sentTMS: string,
  lastNotificationId: number,
): Promise<void> {
  await db
    .insertInto('digest_state')
    .columns(['user_id', 'last_sent_tms', 'last_notification_id'])
    .expression(
      db
        .selectFrom('users')
        .select([
          'id',
          sql<string>`cast(${sentTMS} as text)`.as('last_sent_tms'),
          sql<number>`cast(${lastNotificationId} as integer)`.as('last_notification_id'),
        ])
        .where('id', '=', userId)
        .where('is_active', '=', 1),
    )
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        last_sent_tms: eb.ref('excluded.last_sent_tms'),
        last_notification_id: eb.ref('excluded.last_notification_id'),
      })),
    )
    .execute();
}

/** A person's digest state (account erasure). */
export async function deleteDigestState(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('digest_state').where('user_id', '=', userId).execute();
}
