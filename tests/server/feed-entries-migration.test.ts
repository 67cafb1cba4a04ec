import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../server/db/database';
import { emptyMigrationDatabases, insertPersonRow } from './support/migration-database';

/**
 * Migration 0031: feed_entries keeps every row and its primary key, and a note erased for good no
 * longer takes its rows with it through a foreign key (its erasure deletes them:
 * feed-timeline.test.ts); and back. On the database the suite runs on: SQLite (where the table is
 * rebuilt), or PostgreSQL with TEST_DATABASE_URL.
 */

const emptyDatabase = emptyMigrationDatabases();

describe('the migration that drops feed_entries’ foreign key (0031)', () => {
  it('keeps the rows, lets a note go without its rows, and goes back', async () => {
    const { db, url } = await emptyDatabase();
    await migrateTo(db, '0030-feed-timelines');
    const now = new Date().toISOString();
    const author = await insertPersonRow(db, 'author');
    const reader = await insertPersonRow(db, 'reader');
    const ids: number[] = [];
    for (const content of ['one', 'two']) {
      const { rows } = await sql<{ id: number }>`insert into ruminations
        (author_id, content, is_published, audience_mask, create_tms, update_tms)
        values (${author}, ${content}, 1, 0, ${now}, ${now}) returning id`.execute(db);
      ids.push(rows[0]!.id);
    }
    for (const id of ids) {
      await sql`insert into feed_entries (viewer_id, rumination_id) values (${reader}, ${id})`.execute(
        db,
      );
    }

    await migrateToLatest(db, url);
    const entries = () =>
      sql<{ viewer_id: number; rumination_id: number }>`select viewer_id, rumination_id
        from feed_entries order by rumination_id`.execute(db);
    expect((await entries()).rows).toEqual(
      ids.map((id) => ({ viewer_id: reader, rumination_id: id })),
    );
    // Still its primary key: a row written twice is refused.
    await expect(
      sql`insert into feed_entries (viewer_id, rumination_id) values (${reader}, ${ids[0]})`.execute(
        db,
      ),
    ).rejects.toThrow();
    // No key: the note goes, its row stays until its erasure deletes it.
    await sql`delete from ruminations where id = ${ids[1]}`.execute(db);
    expect((await entries()).rows).toHaveLength(2);

    // And back: the row of the note gone is dropped, the key cascades again.
    await migrateTo(db, '0030-feed-timelines');
    expect((await entries()).rows).toEqual([{ viewer_id: reader, rumination_id: ids[0] }]);
    await sql`delete from ruminations where id = ${ids[0]}`.execute(db);
    expect((await entries()).rows).toEqual([]);
  });
});
