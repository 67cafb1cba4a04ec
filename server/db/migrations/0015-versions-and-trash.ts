import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Writing is never lost (api-contract.md "Your writing is never lost"):
 * - `version` on ruminations and comments, 1 for every row written so far;
 * - `deleted_tms` on ruminations: set while the rumination waits in its author's trash (null: live);
 *   every read of other people and the author's lists leave such rows out;
 * - `rumination_revisions`: the state each change replaced, erased with its rumination (cascade).
 * Indexes:
 * - the history pages one rumination's revisions by id;
 * - the list indexes that serve other people (public page, an author's published ones, the feed's
 *   covering index) become partial, `where deleted_tms is null`: a trashed rumination is never
 *   read through them, and they do not grow with the trash. The feed's covering index also holds
 *   deleted_tms (always null in it), so that SQLite still reads the feed from the index alone
 *   (SQLite counts a column of the partial index's WHERE as one the query needs from the table);
 * - ruminations_author_id stays whole: /my (drafts and all) and account erasure seek it;
 * - ruminations_trash: a person's trash, most recently deleted first (the trash list, emptying it);
 * - ruminations_trash_deleted: what the retention sweep erases, oldest deletion first;
 * - notifications_rumination: erasing a rumination for good erases the notifications about it.
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
  for (const [name, columns] of LIVE_INDEXES) {
    await sql`drop index ${sql.raw(name)}`.execute(db);
    await sql`create index ${sql.raw(name)} on ruminations (${sql.raw(columns)})
      where deleted_tms is null`.execute(db);
  }
  await sql`create index ruminations_trash on ruminations (author_id, deleted_tms, id)
    where deleted_tms is not null`.execute(db);
  await sql`create index ruminations_trash_deleted on ruminations (deleted_tms)
    where deleted_tms is not null`.execute(db);
  await sql`create index notifications_rumination on notifications (rumination_id)`.execute(db);
}

/** The list indexes of migrations 0001, 0002 and 0004, made partial (the columns written here once). */
const LIVE_INDEXES = [
  ['ruminations_public_id', 'is_published, audience_mask, id'],
  ['ruminations_author_audience_id', 'author_id, is_published, audience_mask, id'],
  [
    'ruminations_author_published_id_audience',
    'author_id, is_published, id, audience_mask, deleted_tms',
  ],
] as const;

/** The same indexes as before this migration (their old columns). */
const WHOLE_INDEXES = [
  ['ruminations_public_id', 'is_published, audience_mask, id'],
  ['ruminations_author_audience_id', 'author_id, is_published, audience_mask, id'],
  ['ruminations_author_published_id_audience', 'author_id, is_published, id, audience_mask'],
] as const;

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists notifications_rumination`.execute(db);
  await sql`drop index if exists ruminations_trash_deleted`.execute(db);
  await sql`drop index if exists ruminations_trash`.execute(db);
  for (const [name, columns] of WHOLE_INDEXES) {
    await sql`drop index if exists ${sql.raw(name)}`.execute(db);
    await sql`create index ${sql.raw(name)} on ruminations (${sql.raw(columns)})`.execute(db);
  }
  await sql`drop table if exists rumination_revisions`.execute(db);
  await db.schema.alterTable('comments').dropColumn('version').execute();
  await db.schema.alterTable('ruminations').dropColumn('deleted_tms').execute();
  await db.schema.alterTable('ruminations').dropColumn('version').execute();
}
