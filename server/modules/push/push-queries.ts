import type { Kysely } from 'kysely';
import type { AcceptedSubscription } from '../../../src/domain/push-subscriptions';
import type { Database } from '../../db/schema';

/**
 * SQL of `push_subscriptions` (migration 0018): one row per endpoint, a person's devices through
 * (user_id, id).
 */

/** The row kept for an endpoint, whoever's it is (an endpoint names one browser profile). */
export async function findSubscriptionByEndpoint(
  db: Kysely<Database>,
  endpoint: string,
): Promise<{ id: number; user_id: number } | undefined> {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'user_id'])
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
}

/**
 * Keeps the endpoint for `userId` with these keys: a new row, or the endpoint's row taken over and
 * its keys replaced (the browser made new ones, or another person now uses that profile). One
 * upsert, so two saves of one endpoint at once never fail on its unique key.
 */
export async function upsertSubscription(
  db: Kysely<Database>,
  userId: number,
  subscription: AcceptedSubscription,
  now: string,
): Promise<number> {
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
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet((eb) => ({
        user_id: eb.ref('excluded.user_id'),
        p256dh: eb.ref('excluded.p256dh'),
        auth: eb.ref('excluded.auth'),
        update_tms: eb.ref('excluded.update_tms'),
      })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
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
