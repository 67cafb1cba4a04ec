import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Writing is never lost (api-contract.md "Your writing is never lost"):
 * - `version` on ruminations and comments, 1 for every row written so far;
 * - `deleted_tms` on ruminations: set while the rumination waits in its author's trash (null: live);
 *   every read of other people and the author's lists leave such rows out;
 * - `rumination_revisions`: the state each change replaced, erased with its rumination (cascade).
 * Index: the history pages one rumination's revisions by id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('ruminations')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('ruminations').addColumn('deleted_tms', 'text').execute();
  await db.schema
    .alterTable('comments')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('rumination_revisions')
    .addColumn('id', 'integer', (c) =>
      pg ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('rumination_id', 'integer', (c) =>
      c.notNull().references('ruminations.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('is_published', 'integer', (c) => c.notNull())
    .addColumn('audience_mask', 'integer', (c) => c.notNull())
    .addColumn('saved_tms', 'text', (c) => c.notNull())
    .execute();
  await sql`create index rumination_revisions_rumination on rumination_revisions (rumination_id, id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists rumination_revisions`.execute(db);
  await db.schema.alterTable('comments').dropColumn('version').execute();
  await db.schema.alterTable('ruminations').dropColumn('deleted_tms').execute();
  await db.schema.alterTable('ruminations').dropColumn('version').execute();
}
