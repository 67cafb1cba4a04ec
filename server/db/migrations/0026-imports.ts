import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Imports (api-contract.md "Bring your journal: import"; server/modules/imports/).
 *
 * `imports`: one row per job, the only place its state lives, so that any instance sharing the
 * database may work it. `file_key` is the uploaded zip's key in the media storage (deleted, and
 * set null, when the job ends). `cursor` is the index of the next entry to read: it moves in the
 * same transaction as the note an entry made and the counts, so a job resumed elsewhere neither
 * repeats nor loses an entry. `claimed_by`/`claimed_until` (epoch milliseconds) is the lease of
 * the instance working it, renewed while it works; a lapsed one is taken over (import-queries.ts).
 * `errors` is the JSON list of skipped entries the job answers.
 *
 * `import_entries`: the entries an account already imported, by the entry's key (a Day One uuid,
 * an exported note's id and creation time), so that importing a file again adds nothing. The
 * note's id is a plain number: a note is hard-deleted, and the entry stays known after it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('imports')
    .addColumn('id', 'integer', (c) =>
      pg ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('file_key', 'text')
    .addColumn('cursor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('imported', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('errors', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'bigint')
    .addColumn('create_tms', 'text', (c) => c.notNull())
    .execute();
  // The jobs left to work, oldest first: a small partial index however many jobs ever ran.
  await sql`create index imports_running on imports (id) where state = 'running'`.execute(db);
  await sql`create index imports_owner on imports (owner_id)`.execute(db);
  await db.schema
    .createTable('import_entries')
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('entry_key', 'text', (c) => c.notNull())
    .addColumn('import_id', 'integer', (c) => c.notNull())
    .addColumn('rumination_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_entries_pk', ['owner_id', 'entry_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists import_entries`.execute(db);
  await sql`drop table if exists imports`.execute(db);
}
