import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * feed_entries: each reader's feed written ahead (fan-out on write), one row per (viewer, rumination)
 * that the viewer's feed shows: a published note, not in the trash, of someone related to them,
 * public or shared with an audience they belong to. The feed's first pages are then one range of
 * the primary key, newest first, whatever the number of people the reader is related to
 * (docs/performance.md, "The hubs' feed"). The upkeep and the rule it applies live in
 * server/modules/ruminations/feed-timeline.ts.
 *
 * - primary key (viewer_id, rumination_id), WITHOUT ROWID on SQLite: a page is one range read;
 * - feed_entries_rumination (rumination_id): a note's rows, rewritten when it is saved, trashed or
 *   restored, and gone with it (the foreign key cascades when it is erased);
 * - viewer_audiences_author (author_id, viewer_id, audience_mask): who may read an author's new
 *   note, one range read when it is published.
 *
 * Filled here from the notes and relations that exist. Migrations are frozen: the fill is a copy of
 * the rule as it stands (viewer_audiences' masks, a note's audience mask), not a call to the live
 * code.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('feed_entries')
    // No foreign key to users: accounts are never deleted (an erasure leaves a tombstone and deletes
    // its rows itself), and every row written would pay for the check.
    .addColumn('viewer_id', 'integer', (c) => c.notNull())
    .addColumn('rumination_id', 'integer', (c) =>
      c.notNull().references('ruminations.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('feed_entries_pk', ['viewer_id', 'rumination_id'])
    .$call((t) => (sqlite ? t.modifyEnd(sql`without rowid`) : t))
    .execute();
  await sql`insert into feed_entries (viewer_id, rumination_id)
    select va.viewer_id, r.id from viewer_audiences va cross join ruminations r
    where r.author_id = va.author_id and r.deleted_tms is null and r.is_published = 1
      and (r.audience_mask = 0 or (r.audience_mask & va.audience_mask) <> 0)`.execute(db);
  await sql`create index feed_entries_rumination on feed_entries (rumination_id)`.execute(db);
  await sql`create index viewer_audiences_author on viewer_audiences (author_id, viewer_id, audience_mask)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index viewer_audiences_author`.execute(db);
  await db.schema.dropTable('feed_entries').execute();
}
