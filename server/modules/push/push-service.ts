import type { Kysely } from 'kysely';
import { HTTP_PROBLEMS } from '../../../src/api/http-problems';
import { ApiProblem, settle } from '../../../src/api/problem';
import type {
  PushSubscriptionRequest,
  PushSubscriptionSummary,
} from '../../../src/api/push-schemas';
import { decidePushDeviceSave } from '../../../src/domain/push-devices';
import { decidePushSubscription } from '../../../src/domain/push-subscriptions';
import { requireStanding } from '../../credentials/request-auth';
import { asWriter } from '../../credentials/writer-lock';
import type { Database } from '../../db/schema';
import {
  deleteOwnSubscription,
  deleteSubscriptions,
  findSubscriptionByEndpoint,
  insertSubscription,
  listSubscriptionIds,
  listSubscriptions,
  lockDevicesOf,
  renewSubscription,
} from './push-queries';

/**
 * /api/push/subscriptions (api-contract.md "Reach them when the app is closed"): which endpoints
 * and keys are kept is src/domain/push-subscriptions.ts; this loads and stores, and keeps each
 * person to their own devices.
 */

export interface SavedSubscription {
  id: number;
  /** False when the caller's device was renewed (200), true for a new one (201). */
  created: boolean;
}

/**
 * Keeps a browser's subscription for the caller (src/domain/push-devices.ts decides): the same
 * endpoint again renews the caller's device; a new one, or one another account had (which ends,
 * with what was queued for that account), is a new device; and one beyond the limit ends the
 * caller's oldest. In one transaction that first locks the person (lockDevicesOf): two saves of
 * theirs take turns, on any instance, so the limit holds, and the account's erasure excludes it
 * as it does every write of the person, so no device outlives it and none is acknowledged after.
 */
export async function saveSubscription(
  db: Kysely<Database>,
  userId: number,
  request: PushSubscriptionRequest,
  allowedOrigins: readonly string[],
): Promise<SavedSubscription> {
  const accepted = settle(await decidePushSubscription(request, allowedOrigins));
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    requireStanding(await lockDevicesOf(trx, userId));
    // A second turn only when another account saved the same endpoint between our look and our
    // insert (PostgreSQL): the endpoint's row is then there to be decided on, and locked.
    for (;;) {
      const decided = decidePushDeviceSave({
        callerId: userId,
        kept: await findSubscriptionByEndpoint(trx, accepted.endpoint),
        ownIds: await listSubscriptionIds(trx, userId),
      });
      await deleteSubscriptions(trx, decided.ends);
      if (decided.kind === 'renew') {
        await renewSubscription(trx, decided.id, accepted, now);
        return { id: decided.id, created: false };
      }
      if (decided.replaces !== undefined) await deleteSubscriptions(trx, [decided.replaces]);
      const id = await insertSubscription(trx, userId, accepted, now);
      if (id !== undefined) return { id, created: true };
    }
  });
}

export async function listOwnSubscriptions(
  db: Kysely<Database>,
  userId: number,
): Promise<PushSubscriptionSummary[]> {
  const rows = await listSubscriptions(db, userId);
  return rows.map((row) => ({ id: row.id, createTMS: row.create_tms }));
}

/**
 * Another person's device answers as an unknown one: 404, nothing said about whose it is. A write
 * of the person (writer-lock.ts): once their account's erasure has begun it waits, then answers
 * as a dead token does, never 204 after the erasure answered.
 */
export async function removeSubscription(
  db: Kysely<Database>,
  userId: number,
  id: number,
): Promise<void> {
  const removed = await asWriter(db, userId, (trx) => deleteOwnSubscription(trx, userId, id));
  if (!removed) throw ApiProblem.of(HTTP_PROBLEMS.notFound);
}
