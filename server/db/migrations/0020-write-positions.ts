import { sql, type Kysely } from 'kysely';

/**
 * Where in PostgreSQL's write-ahead log each person's last write ended (server/db/read-routing.ts):
 * a read replica serves that person only once it has replayed past it, so that everyone sees their
 * own writes at once, whichever instance answers. One row per person who wrote since replicas were
 * configured; no row reads as "nothing to wait for". `lsn` is PostgreSQL's pg_lsn as text
 * ('16/B374D848'). Unused on SQLite, which has no replicas.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('write_positions')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('lsn', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists write_positions`.execute(db);
}
