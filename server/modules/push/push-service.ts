import type { Kysely } from 'kysely';
import { HTTP_PROBLEMS } from '../../../src/api/http-problems';
import { ApiProblem, settle } from '../../../src/api/problem';
import type {
  PushSubscriptionRequest,
  PushSubscriptionSummary,
} from '../../../src/api/push-schemas';
import { decidePushSubscription } from '../../../src/domain/push-subscriptions';
import { asWriter } from '../../credentials/writer-lock';
import type { Database } from '../../db/schema';
import { dropQueuedForSubscription } from './push-outbox';
import {
  deleteOwnSubscription,
  findSubscriptionByEndpoint,
  listSubscriptions,
  upsertSubscription,
} from './push-queries';

/**
 * /api/push/subscriptions (api-contract.md "Reach them when the app is closed"): which endpoints
 * and keys are kept is src/domain/push-subscriptions.ts; this loads and stores, and keeps each
 * person to their own devices.
 */

export interface SavedSubscription {
  id: number;
  /** False when the endpoint was kept already (200), true for a new one (201). */
  created: boolean;
}

/**
 * Keeps a browser's subscription for the caller. The same endpoint again updates its keys and
 * keeps its id; an endpoint another person had moves to the caller (a browser profile is one
 * person at a time), and what was still queued for the other person is dropped, never sent to
 * the profile's new user. A write of the person like any other: it excludes their account's
 * erasure (writer-lock.ts), so no device outlives it.
 */
export async function saveSubscription(
  db: Kysely<Database>,
  userId: number,
  request: PushSubscriptionRequest,
  allowedOrigins: readonly string[],
): Promise<SavedSubscription> {
  const accepted = settle(await decidePushSubscription(request, allowedOrigins));
  const now = new Date().toISOString();
  return asWriter(db, userId, async (trx) => {
    const kept = await findSubscriptionByEndpoint(trx, accepted.endpoint);
    const id = await upsertSubscription(trx, userId, accepted, now);
    if (kept !== undefined && kept.user_id !== userId) await dropQueuedForSubscription(trx, id);
    return { id, created: kept === undefined };
  });
}

export async function listOwnSubscriptions(
  db: Kysely<Database>,
  userId: number,
): Promise<PushSubscriptionSummary[]> {
  const rows = await listSubscriptions(db, userId);
  return rows.map((row) => ({ id: row.id, createTMS: row.create_tms }));
}

/** Another person's device answers as an unknown one: 404, nothing said about whose it is. */
export async function removeSubscription(
  db: Kysely<Database>,
  userId: number,
  id: number,
): Promise<void> {
  if (!(await deleteOwnSubscription(db, userId, id))) throw ApiProblem.of(HTTP_PROBLEMS.notFound);
}
