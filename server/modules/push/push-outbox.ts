import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { rowLimit } from '../../db/row-limit';

/**
 * SQL of `push_outbox` (migration 0018): the Web Push messages still to send. A row without a
 * subscription is a notification waiting to be fanned out to its recipient's devices; a row with
 * one is one device's message. Instances take rows by setting `claimed_until` (push-sender.ts).
 */

/**
 * Queues the new notifications of a write for Web Push, inside the write's own transaction (so a
 * crash after the commit loses none), one fan-out row per notification whose recipient has a
 * device. One INSERT ... SELECT through push_subscriptions_user: this runs inside every comment's
 * transaction, and most people have no device, so it writes nothing for them. Whether the kind is
 * on and the notification still visible is asked at send time, when it counts.
 */
export async function enqueuePush(
  db: Kysely<Database>,
  notificationIds: readonly number[],
  now: string,
): Promise<void> {
  if (notificationIds.length === 0) return;
  await db
    .insertInto('push_outbox')
    .columns(['notification_id', 'due_tms'])
    .expression((eb) =>
      eb
        .selectFrom('notifications as n')
        .select((s) => ['n.id', s.val(now).as('due_tms')])
        .where('n.id', 'in', notificationIds)
        .where((w) =>
          w.exists(
            w
              .selectFrom('push_subscriptions as s')
              .select('s.id')
              .whereRef('s.user_id', '=', 'n.recipient_id'),
          ),
        ),
    )
    .execute();
}

/** One claimed row, with what sending it needs: whose it is and, for a device's, its keys. */
export interface ClaimedMessage {
  id: number;
  /** Null for a message that carries its own payload (a reminder, queueReminderPush). */
  notificationId: number | null;
  /** The message's JSON when it is no notification's. */
  payload: string | null;
  recipientId: number;
  attempts: number;
  /** Null for a notification still to fan out. */
  device: { subscriptionId: number; endpoint: string; p256dh: string; auth: string } | null;
}

/**
 * Takes up to `limit` rows that are due and held by nobody (or whose holder's claim lapsed: it
 * died or hangs) until `claimedUntil`, oldest due first, in one transaction. On PostgreSQL its
 * select locks the rows FOR UPDATE SKIP LOCKED: two instances claiming at once take different
 * rows, and a row another instance claimed meanwhile is re-read, found held and left out. SQLite
 * runs one writer at a time.
 */
export async function claimDueMessages(
  db: Kysely<Database>,
  now: string,
  claimedUntil: string,
  limit: number,
): Promise<ClaimedMessage[]> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  // A read first: every instance polls about every second, and an empty outbox (the usual state)
  // then costs one index probe, not a write statement.
  const due = await db
    .selectFrom('push_outbox')
    .select('id')
    .where('due_tms', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .limit(rowLimit(1))
    .executeTakeFirst();
  if (due === undefined) return [];
  const claimed = await db.transaction().execute(async (trx) => {
    const ids = await trx
      .selectFrom('push_outbox')
      .select('id')
      .where('due_tms', '<=', now)
      .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]))
      .orderBy('due_tms')
      .orderBy('id')
      .limit(rowLimit(limit))
      .$if(pg, (q) => q.forUpdate().skipLocked())
      .execute();
    if (ids.length === 0) return [];
    await trx
      .updateTable('push_outbox')
      .set({ claimed_until: claimedUntil })
      .where(
        'id',
        'in',
        ids.map((row) => row.id),
      )
      .execute();
    return ids;
  });
  if (claimed.length === 0) return [];
  // A notification's row names its recipient through the notification; a reminder's, which has
  // none, through its device (it is queued per device).
  const rows = await db
    .selectFrom('push_outbox as o')
    .leftJoin('notifications as n', 'n.id', 'o.notification_id')
    .leftJoin('push_subscriptions as s', 's.id', 'o.subscription_id')
    .select([
      'o.id',
      'o.notification_id',
      'o.payload',
      'o.attempts',
      'n.recipient_id',
      's.user_id',
      's.id as subscription_id',
      's.endpoint',
      's.p256dh',
      's.auth',
    ])
    .where(
      'o.id',
      'in',
      claimed.map((row) => row.id),
    )
    .orderBy('o.id')
    .execute();
  return rows.flatMap((row) => {
    const recipientId = row.recipient_id ?? row.user_id;
    // A row that is neither a notification's nor a device's cannot be; its cascade took it.
    if (recipientId === null) return [];
    return [
      {
        id: row.id,
        notificationId: row.notification_id,
        payload: row.payload,
        recipientId,
        attempts: row.attempts,
        device:
          row.subscription_id === null ||
          row.endpoint === null ||
          row.p256dh === null ||
          row.auth === null
            ? null
            : {
                subscriptionId: row.subscription_id,
                endpoint: row.endpoint,
                p256dh: row.p256dh,
                auth: row.auth,
              },
      },
    ];
  });
}

/**
 * Replaces fan-out rows by one row per device of their recipients, due now and held by nobody
 * (any instance may send them), in one transaction: a crash leaves either the fan-out row or all
 * its devices' rows. A device added after this misses the notification, as it would have had it
 * come a moment earlier.
 */
export async function fanOut(
  db: Kysely<Database>,
  outboxIds: readonly number[],
  now: string,
): Promise<void> {
  if (outboxIds.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('push_outbox')
      .columns(['notification_id', 'subscription_id', 'due_tms'])
      .expression((eb) =>
        eb
          .selectFrom('push_outbox as o')
          .innerJoin('notifications as n', 'n.id', 'o.notification_id')
          .innerJoin('push_subscriptions as s', 's.user_id', 'n.recipient_id')
          .select((s) => ['o.notification_id', 's.id', s.val(now).as('due_tms')])
          .where('o.id', 'in', outboxIds)
          .where('o.subscription_id', 'is', null)
          .orderBy('o.id')
          .orderBy('s.id'),
      )
      .execute();
    await deleteMessages(trx, outboxIds);
  });
}

/** Rows sent, or not to be sent (hidden, the kind turned off, given up). */
export async function deleteMessages(
  db: Kysely<Database>,
  outboxIds: readonly number[],
): Promise<void> {
  if (outboxIds.length === 0) return;
  await db.deleteFrom('push_outbox').where('id', 'in', outboxIds).execute();
}

/** A failed send to try again at `dueTms`, held by nobody meanwhile. */
export async function retryMessageLater(
  db: Kysely<Database>,
  outboxId: number,
  attempts: number,
  dueTms: string,
): Promise<void> {
  await db
    .updateTable('push_outbox')
    .set({ attempts, due_tms: dueTms, claimed_until: null })
    .where('id', '=', outboxId)
    .execute();
}

/** Claims given back unsent (the instance is stopping): any instance may take them at once. */
export async function releaseMessages(
  db: Kysely<Database>,
  outboxIds: readonly number[],
): Promise<void> {
  if (outboxIds.length === 0) return;
  await db
    .updateTable('push_outbox')
    .set({ claimed_until: null })
    .where('id', 'in', outboxIds)
    .execute();
}
