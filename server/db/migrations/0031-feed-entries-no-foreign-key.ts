import { sql, SqliteAdapter, type Kysely, type RawBuilder } from 'kysely';

/**
 * feed_entries loses its foreign key to ruminations. On PostgreSQL the key checked each row a
 * publish writes with a trigger of its own: 6.6 of the 22 ms that a note of someone with 564
 * readers took to write its rows (docs/performance.md, "The hubs' feed"). The two erasures of
 * notes for good now delete their rows themselves, as they already did for everything else about
 * a note (trash-queries.ts eraseRuminations, account-erasure.ts eraseAccount).
 *
 * PostgreSQL drops the constraint. SQLite cannot drop one: the table is rebuilt under its own name,
 * WITHOUT ROWID as before, its rows copied in primary-key order, and its index made again (1.3 s
 * for the 2.1 million rows of the benchmark's 100k notes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`alter table feed_entries drop constraint feed_entries_rumination_id_fkey`.execute(db);
    return;
  }
  await rebuildOnSqlite(db, sql`rumination_id integer not null`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The rows of notes erased since would break the key: they go first.
  await sql`delete from feed_entries
    where rumination_id not in (select id from ruminations)`.execute(db);
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`alter table feed_entries add constraint feed_entries_rumination_id_fkey
      foreign key (rumination_id) references ruminations (id) on delete cascade`.execute(db);
    return;
  }
  await rebuildOnSqlite(
    db,
    sql`rumination_id integer not null references ruminations (id) on delete cascade`,
  );
}

/** feed_entries made again on SQLite with `ruminationIdColumn`, its rows and index kept. */
async function rebuildOnSqlite(db: Kysely<unknown>, ruminationIdColumn: RawBuilder<unknown>) {
  await sql`create table feed_entries_rebuilt (
    viewer_id integer not null,
    ${ruminationIdColumn},
    constraint feed_entries_pk primary key (viewer_id, rumination_id)
  ) without rowid`.execute(db);
  await sql`insert into feed_entries_rebuilt (viewer_id, rumination_id)
    select viewer_id, rumination_id from feed_entries order by viewer_id, rumination_id`.execute(
    db,
  );
  await sql`drop table feed_entries`.execute(db);
  await sql`alter table feed_entries_rebuilt rename to feed_entries`.execute(db);
  await sql`create index feed_entries_rumination on feed_entries (rumination_id)`.execute(db);
}
