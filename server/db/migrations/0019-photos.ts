import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Photos (api-contract.md "Photos"; server/modules/media).
 *
 * `media`: one row per upload. Its files (the photo and its thumbnail, each as WebP and JPEG) are
 * in the media storage under `storage_key`; `bytes` is their sum, what the account's quota counts.
 * - `rumination_id`: the note that holds it, with its place (`position`) and `alt` text; null for
 *   an upload no note holds yet. The foreign key sets it back to null when the note is erased (for
 *   good, by its author or the trash's retention, or with its account), so erasing a note needs no
 *   step of its own for its photos.
 * - `erase_after`: for an upload no note holds, when it is erased (24 hours after the upload). A
 *   row no note holds whose `erase_after` is null or past is due: the sweep erases its files, then
 *   the row. So a photo left out of a note, or whose note was erased, is swept at once.
 *
 * Indexes: a note's photos in order (every rumination read); an account's uploads (the quota's
 * sum, the account's erasure); the rows due to be swept (partial: held photos are most rows).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('media')
    .addColumn('id', 'integer', (c) =>
      pg ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('rumination_id', 'integer', (c) =>
      c.references('ruminations.id').onDelete('set null'),
    )
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('alt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('thumbnail_width', 'integer', (c) => c.notNull())
    .addColumn('thumbnail_height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('create_tms', 'text', (c) => c.notNull())
    .addColumn('erase_after', 'text')
    .execute();
  await sql`create index media_rumination on media (rumination_id, position)`.execute(db);
  await sql`create index media_owner on media (owner_id, bytes)`.execute(db);
  await sql`create index media_due on media (erase_after, id) where rumination_id is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists media`.execute(db);
}
