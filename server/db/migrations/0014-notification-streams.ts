import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The open notification streams of every instance (api-contract.md "Notifications": "A user holds
 * at most 5 streams"): one row per open GET /api/notifications/stream, so that instances sharing
 * one PostgreSQL agree on how many a person holds and which is the oldest (the smallest id). Each
 * instance refreshes `seen_tms` of its rows while it runs; rows not seen for a while belong to an
 * instance that died and no longer count (notification-stream-registry.ts). SQLite has one
 * instance, and the same table.
 *
 * Indexes: a person's streams by id (the cap), an instance's rows (refresh and shutdown).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('notification_streams')
    .addColumn('id', 'integer', (c) =>
      pg ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('instance_id', 'text', (c) => c.notNull())
    .addColumn('opened_tms', 'text', (c) => c.notNull())
    .addColumn('seen_tms', 'text', (c) => c.notNull())
    .execute();
  await sql`create index notification_streams_user on notification_streams (user_id, id)`.execute(
    db,
  );
  await sql`create index notification_streams_instance on notification_streams (instance_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists notification_streams`.execute(db);
}
