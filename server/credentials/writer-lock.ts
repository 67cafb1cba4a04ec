import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { requireStanding } from './request-auth';

/**
 * Deleting an account and the person's own writes exclude each other (api-contract.md "My
 * account"): nothing written while the account is erased survives it, and no write is acknowledged
 * after the deletion answered. Request auth read the user row before the write began; at READ
 * COMMITTED (PostgreSQL, several instances) the erasure can commit between that read and the
 * write's insert, and a re-check without a lock would still see the account as it was before an
 * erasure in flight commits. So every write transaction of a person starts with a lock on their
 * user row, FOR SHARE (writes of the same person do not wait for each other), and the erasure
 * starts with FOR NO KEY UPDATE on it (account-erasure.ts), which conflicts with it:
 * - a write that locked first commits before the erasure's statements run, and they see it;
 * - a write that comes second waits for the erasure to commit, and then finds the row no longer
 *   active (PostgreSQL re-reads a row it waited for), so it writes nothing and answers 401.
 * Taken first, before any insert: an insert's foreign key check locks the user row FOR KEY SHARE,
 * which the erasure's last statement (new lookup keys, a key update) has to wait for; a write
 * holding that while it waits here for the erasure would deadlock with it. The erasure takes FOR NO
 * KEY UPDATE, not FOR UPDATE, so that other people's writes that only point at the account (a
 * notification to them) are not held up until it ends, while it waits for the rows they lock.
 * SQLite runs one write transaction at a time: there the check only has to be in the write's own
 * transaction.
 */
export async function lockWriter(db: Kysely<Database>, userId: number): Promise<void> {
  const row = await activeUserRow(db, userId).select('id').executeTakeFirst();
  requireStanding(row !== undefined);
}

/**
 * The person's user row while their account is active, locked as lockWriter locks it (FOR SHARE
 * on PostgreSQL): what a job acting for them (a digest, a reminder, an unsubscribe link) reads
 * first, so that an erasure and the job exclude each other as the person's own writes do. The
 * caller adds the columns it needs.
 */
export function activeUserRow(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('users')
    .where('id', '=', userId)
    .where('is_active', '=', 1)
    .$if(db.getExecutor().adapter instanceof PostgresAdapter, (q) => q.forShare());
}

/**
 * Runs a person's write in a transaction that begins with lockWriter: `db` itself when it is one
 * already (an Idempotency-Key's, which took the lock before its first insert; taking it again
 * costs a round trip and no wait), else a new one. The write's facts, its changes and what it
 * answers are read and written inside, so nothing of it is left to do once it has committed.
 */
export async function asWriter<T>(
  db: Kysely<Database>,
  userId: number,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) {
    await lockWriter(db, userId);
    return work(db);
  }
  return db.transaction().execute(async (trx) => {
    await lockWriter(trx, userId);
    return work(trx);
  });
}
