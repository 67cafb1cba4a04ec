import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Notifications, one row per recipient (api-contract.md "Notifications"). The rumination, comment
 * and relation a row is about are plain ids, not foreign keys: ruminations are hard-deleted and a
 * notification may outlive what it points at; the read path hides those (notification-queries.ts).
 * The two people are foreign keys to users, which are never deleted (erasure leaves a tombstone
 * and deletes that person's notifications itself).
 *
 * Indexes: the list pages one recipient's rows by id; the unread count and mark-read read only the
 * unread ones (a partial index, so the count stays small however long the history grows); erasing
 * an account deletes the rows it acted in by actor.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'integer', (c) =>
      pg ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('recipient_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('actor_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('rumination_id', 'integer')
    .addColumn('comment_id', 'integer')
    .addColumn('relation_id', 'integer')
    .addColumn('relation_type', 'integer')
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_tms', 'text', (c) => c.notNull())
    .execute();
  await sql`create index notifications_recipient on notifications (recipient_id, id)`.execute(db);
  await sql`create index notifications_recipient_unread on notifications (recipient_id, id)
    where is_read = 0`.execute(db);
  await sql`create index notifications_actor on notifications (actor_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists notifications`.execute(db);
}
