import type { FastifyInstance } from 'fastify';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { trashCutoff } from '../../../src/domain/rumination-decisions';
import { eraseRuminations, trashedBefore } from './trash-queries';
import { emptyWalAfterErasure } from '../../db/database';
import { repeatInBackground } from '../../background-tasks';

/**
 * The trash's retention (api-contract.md "Trash"): a rumination deleted TRASH_RETENTION_SECONDS ago
 * or longer is erased for good, with its comments, revisions and notifications. Reads never show
 * such a rumination even before the sweep ran (the trash list and restore ask trashCutoff
 * themselves), so the sweep only has to come eventually: hourly, and once when the server starts.
 */

export const TRASH_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Ruminations erased per transaction: each batch holds its locks briefly. */
export const TRASH_SWEEP_BATCH = 100;

/**
 * Any number fixed for this job: PostgreSQL's advisory locks are keyed by one bigint shared by
 * every user of the database, so it is a constant no other job of this app takes.
 */
export const TRASH_SWEEP_LOCK_KEY = 240_015;

/**
 * Erases the ruminations past their retention at `now`, a batch per transaction, and answers how
 * many. One instance at a time: on PostgreSQL each batch runs under pg_try_advisory_xact_lock, and
 * an instance that does not get it stops (another is sweeping; what it leaves is swept within the
 * next interval); on SQLite there is one process and one writer.
 */
export async function sweepTrash(
  db: Kysely<Database>,
  retentionSeconds: number,
  now: Date = new Date(),
): Promise<number> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const cutoff = trashCutoff(now, retentionSeconds);
  let erased = 0;
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      if (pg) {
        const lock = await sql<{
          locked: boolean;
        }>`select pg_try_advisory_xact_lock(${TRASH_SWEEP_LOCK_KEY}) as locked`.execute(trx);
        if (lock.rows[0]?.locked !== true) return undefined;
      }
      const ids = await trashedBefore(trx, cutoff, TRASH_SWEEP_BATCH);
      await eraseRuminations(trx, ids);
      return ids.length;
    });
    if (batch === undefined) return erased;
    erased += batch;
    if (batch < TRASH_SWEEP_BATCH) return erased;
  }
}

/** Runs the sweep when the app is ready and every TRASH_SWEEP_INTERVAL_MS, until it closes. */
export function scheduleTrashSweep(app: FastifyInstance): void {
  repeatInBackground(app, 'trash retention', TRASH_SWEEP_INTERVAL_MS, async () => {
    const erased = await sweepTrash(app.db, app.config.trashRetentionSeconds);
    if (erased > 0) {
      app.log.info({ erased }, 'Erased ruminations past the trash retention');
      await emptyWalAfterErasure(app.db, app.log);
    }
  });
}
