import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The class of PostgreSQL's two-key advisory lock an account's photo quota is decided under (the
 * second key is the account's id): a constant no other job of this app takes (digest-run.ts has
 * 240_026, media-sweep.ts's one-key lock 240_027).
 */
export const MEDIA_QUOTA_LOCK_CLASS = 240_028;

/**
 * Taken in an upload's writing transaction before the account's used bytes are read: two uploads
 * of one account at the same moment (on one instance or two) then decide one after the other, the
 * second seeing the first's row, so together they never pass the quota. At READ COMMITTED neither
 * would see the other's uncommitted row otherwise, and the writer lock's FOR SHARE lets both in.
 * An advisory lock rather than FOR UPDATE on the users row: upgrading the FOR SHARE both hold
 * would deadlock them, and it holds up no other write. Released at commit or rollback. SQLite runs
 * one write transaction at a time: nothing to take there.
 */
export async function lockQuotaOf(trx: Kysely<Database>, ownerId: number): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select pg_advisory_xact_lock(${MEDIA_QUOTA_LOCK_CLASS}, ${ownerId})`.execute(trx);
}
