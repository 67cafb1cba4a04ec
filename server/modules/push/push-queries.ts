import { PostgresAdapter, type Kysely } from 'kysely';
import type { AcceptedSubscription } from '../../../src/domain/push-subscriptions';
import type { Database } from '../../db/schema';

/**
 * SQL of `push_subscriptions` (migration 0018): one row per endpoint, a person's devices through
 * (user_id, id).
 */

/**
 * Locks the person's user row for a change of their devices, and says whether the account is still
 * active. Stronger than a write's lock (server/credentials/writer-lock.ts, FOR SHARE): the limit
 * of devices counts the person's rows, so two saves of theirs must not both count without seeing
 * the other's, on any instance. FOR NO KEY UPDATE makes them take turns, and it excludes the
 * account's erasure (which takes the same lock) as a write's lock does: a save that comes second
 * waits, then finds the account gone. Taken first, before any insert, for the reason
 * writer-lock.ts gives. SQLite runs one write transaction at a time: there it is only the check.
 */
export async function lockDevicesOf(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('is_active', '=', 1)
    .$if(db.getExecutor().adapter instanceof PostgresAdapter, (q) => q.forNoKeyUpdate())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The row kept for an endpoint, whoever's it is (an endpoint names one browser profile), locked
 * on PostgreSQL until the save that asks commits: another account's save of the same endpoint
 * waits, then sees what this one made of it.
 */
export async function findSubscriptionByEndpoint(
  db: Kysely<Database>,
  endpoint: string,
): Promise<{ id: number; userId: number } | undefined> {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'user_id as userId'])
    .where('endpoint', '=', endpoint)
    .$if(db.getExecutor().adapter instanceof PostgresAdapter, (q) => q.forUpdate())
    .executeTakeFirst();
}

/** The ids of the person's devices. */
export async function listSubscriptionIds(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * A new row for the endpoint, or undefined when a row for it appeared since it was looked up (a
 * save of the same endpoint by another account, committed meanwhile): the caller then decides
 * again from that row, rather than failing on the endpoint's unique key.
 */
export async function insertSubscription(
  db: Kysely<Database>,
  userId: number,
  subscription: AcceptedSubscription,
  now: string,
): Promise<number | undefined> {
  const row = await db
    .insertInto('push_subscriptions')
    .values({
      user_id: userId,
      endpoint: subscription.endpoint,
      p256dh: subscription.p256dh,
      auth: subscription.auth,
      create_tms: now,
      update_tms: now,
    })
    .onConflict((oc) => oc.column('endpoint').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** The same device again: the browser made new keys (or sent the same ones). */
export async function renewSubscription(
  db: Kysely<Database>,
  id: number,
  subscription: AcceptedSubscription,
  now: string,
): Promise<void> {
  await db
    .updateTable('push_subscriptions')
    .set({ p256dh: subscription.p256dh, auth: subscription.auth, update_tms: now })
    .where('id', '=', id)
    .execute();
}

/** Devices that end (their unsent messages cascade). */
export async function deleteSubscriptions(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('push_subscriptions').where('id', 'in', ids).execute();
}

/** The person's devices, oldest first. */
export async function listSubscriptions(
  db: Kysely<Database>,
  userId: number,
): Promise<{ id: number; create_tms: string }[]> {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'create_tms'])
    .where('user_id', '=', userId)
    .orderBy('id', 'asc')
    .execute();
}

/** Deletes one of the person's devices (its unsent messages cascade); whether there was one. */
export async function deleteOwnSubscription(
  db: Kysely<Database>,
  userId: number,
  id: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A device its push service says is gone for good (404/410): its unsent messages cascade. */
export async function deleteSubscription(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

/**
 * Every device of a person, with their unsent messages: an erased account keeps its users row as
 * a tombstone, so its foreign keys cascade nothing (account-erasure.ts).
 */
export async function deleteSubscriptionsOfPerson(
  db: Kysely<Database>,
  userId: number,
): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
}
