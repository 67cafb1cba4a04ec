import type { TokenStanding } from '../../credentials/request-auth';
import type { Kysely } from 'kysely';
import { streamsToEnd } from '../../../src/domain/notification-stream-decisions';
import type { Database } from '../../db/schema';

/**
 * The open streams of every instance, in the database (migration 0014): how instances sharing one
 * PostgreSQL agree that a person holds at most 5 streams and which is the oldest (api-contract.md
 * "Notifications"). The decision is streamsToEnd (src/domain/notification-stream-decisions.ts);
 * this file loads its facts and stores its result. Each instance refreshes `seen_tms` of its own
 * rows every LEASE_REFRESH_MS; a row not seen for LEASE_EXPIRY_MS belongs to an instance that died
 * (its clients have long reconnected elsewhere) and no longer counts.
 */

export const LEASE_REFRESH_MS = 20_000;
export const LEASE_EXPIRY_MS = 3 * LEASE_REFRESH_MS;

function cutoff(now: Date): string {
  return new Date(now.getTime() - LEASE_EXPIRY_MS).toISOString();
}

/**
 * Records a new stream of `userId` held by `instanceId`; returns its id and the ids of the streams
 * it ends (the oldest beyond the cap, on any instance; possibly itself when newer ones opened at
 * the same moment). Their rows are gone when this returns: the caller tells their instances.
 */
export async function openStreamRow(
  db: Kysely<Database>,
  userId: number,
  instanceId: string,
  now: Date = new Date(),
): Promise<{ id: number; ended: number[] }> {
  const tms = now.toISOString();
  const { id } = await db
    .insertInto('notification_streams')
    .values({ user_id: userId, instance_id: instanceId, opened_tms: tms, seen_tms: tms })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('notification_streams')
    .select(['id', 'seen_tms'])
    .where('user_id', '=', userId)
    .execute();
  const oldest = cutoff(now);
  // Rows of an instance that died: they no longer count, and go now rather than at a refresh.
  const expired = rows.filter((row) => row.seen_tms <= oldest).map((row) => row.id);
  const ended = streamsToEnd(rows.filter((row) => row.seen_tms > oldest)).map((row) => row.id);
  if (ended.length > 0 || expired.length > 0) {
    await db
      .deleteFrom('notification_streams')
      .where('id', 'in', [...ended, ...expired])
      .execute();
  }
  return { id, ended };
}

/** A stream that ended: its row goes (already gone when a newer stream replaced it). */
export async function closeStreamRow(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('notification_streams').where('id', '=', id).execute();
}

/**
 * Marks this instance's rows seen now and drops rows nobody has seen for LEASE_EXPIRY_MS (an
 * instance that died). Returns the ids of this instance's rows that still exist: a local stream
 * whose row is gone was replaced, and its end message may have been lost.
 */
export async function refreshStreamRows(
  db: Kysely<Database>,
  instanceId: string,
  now: Date = new Date(),
): Promise<Set<number>> {
  const rows = await db
    .updateTable('notification_streams')
    .set({ seen_tms: now.toISOString() })
    .where('instance_id', '=', instanceId)
    .returning('id')
    .execute();
  await db.deleteFrom('notification_streams').where('seen_tms', '<=', cutoff(now)).execute();
  return new Set(rows.map((row) => row.id));
}

/** Every row of this instance (it stops: its streams end with it). */
export async function closeInstanceRows(db: Kysely<Database>, instanceId: string): Promise<void> {
  await db.deleteFrom('notification_streams').where('instance_id', '=', instanceId).execute();
}

/** What decides whether a stream's token still opens the API: its user's standing now. */
export async function userStanding(
  db: Kysely<Database>,
  userId: number,
): Promise<TokenStanding | undefined> {
  return db
    .selectFrom('users')
    .select(['token_version', 'is_active'])
    .where('id', '=', userId)
    .executeTakeFirst();
}
