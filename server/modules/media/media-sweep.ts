import type { FastifyInstance } from 'fastify';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { allMediaFileKeys, type MediaStorage } from './media-storage';
import { deleteSweptMedia, findDueMedia } from './media-sweep-queries';
import { repeatInBackground } from '../../background-tasks';

/**
 * The photo sweep (api-contract.md "Photos"): erases the files and then the rows of photos no note
 * holds any more: uploads never attached within 24 hours, photos a note let go, photos of notes
 * erased for good (the foreign key let go of them) and of erased accounts. Reads never show a due
 * photo (media-queries.ts "live"), so the sweep only has to come eventually.
 */

/**
 * Rows per batch: their 4 files each fit one S3 DeleteObjects request (1000 keys), and on
 * PostgreSQL a batch's transaction holds a connection only while those files are deleted.
 */
export const MEDIA_SWEEP_BATCH = 200;

/**
 * Any number fixed for this job (PostgreSQL's advisory locks are keyed by one bigint shared by
 * every user of the database); trash-retention.ts has 240_015, digest-run.ts's class 240_026.
 */
export const MEDIA_SWEEP_LOCK_KEY = 240_027;

/**
 * Erases the photos due at `now`, a batch at a time, and answers how many rows went. Each batch
 * deletes the files FIRST and the rows after: a crash or a storage failure in between leaves rows
 * whose files are (partly) gone, which are still due and are swept again next time, so no file is
 * ever left without a row that leads to it.
 *
 * One instance at a time: on PostgreSQL each batch runs in a transaction under
 * pg_try_advisory_xact_lock, and an instance that does not get it stops (another is sweeping). On
 * SQLite there is one process, and no transaction: better-sqlite3's one connection would wait on
 * the storage (an S3 request) for every other query.
 */
export async function sweepMedia(
  db: Kysely<Database>,
  storage: MediaStorage,
  now: Date = new Date(),
): Promise<number> {
  const at = now.toISOString();
  const sweepBatch = async (q: Kysely<Database>) => {
    const due = await findDueMedia(q, at, MEDIA_SWEEP_BATCH);
    await storage.delete(due.flatMap((m) => allMediaFileKeys(m.storage_key)));
    const ids = due.map((m) => m.id);
    return { found: due.length, erased: await deleteSweptMedia(q, ids, at) };
  };
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  let erased = 0;
  for (;;) {
    const batch = pg
      ? await db.transaction().execute(async (trx) => {
          const lock = await sql<{
            locked: boolean;
          }>`select pg_try_advisory_xact_lock(${MEDIA_SWEEP_LOCK_KEY}) as locked`.execute(trx);
          return lock.rows[0]?.locked === true ? sweepBatch(trx) : undefined;
        })
      : await sweepBatch(db);
    if (batch === undefined) return erased;
    erased += batch.erased;
    if (batch.found < MEDIA_SWEEP_BATCH) return erased;
  }
}

/** Runs the sweep when the app is ready and every config.media.sweepIntervalMs, until it closes. */
export function scheduleMediaSweep(app: FastifyInstance): void {
  repeatInBackground(app, 'photo sweep', app.config.media.sweepIntervalMs, async () => {
    const erased = await sweepMedia(app.db, app.media.storage);
    if (erased > 0) app.log.info({ erased }, 'Erased photos no note holds');
  });
}
