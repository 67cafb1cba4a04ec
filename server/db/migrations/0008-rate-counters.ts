import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * Rate-limit counters shared by every instance on one PostgreSQL (server/http/rate-counters.ts).
 * Unlogged: not written to the WAL, emptied after a crash, which a counter can afford. Epoch
 * milliseconds in `reset_at`. SQLite keeps its counters in memory (one instance): no table there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`create unlogged table rate_counters (
    key text primary key,
    count integer not null,
    reset_at bigint not null
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`drop table if exists rate_counters`.execute(db);
}
