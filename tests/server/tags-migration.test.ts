import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../server/db/database';
import { emptyMigrationDatabases, insertPersonRow } from './support/migration-database';

/**
 * Migration 0024: notes written before tags existed get theirs, by the rule every later save uses,
 * so that the lists of a tag find a year of them from the first day (and a card's tags, read from
 * its content, match those lists). On the database the suite runs on: SQLite, or PostgreSQL with
 * TEST_DATABASE_URL.
 */

const emptyDatabase = emptyMigrationDatabases();

describe('the migration that brings tags (0024)', () => {
  it('tags the notes already written, in order, each tag once, and no other', async () => {
    const { db, url } = await emptyDatabase();
    await migrateTo(db, '0023-reactions');
    const author = await insertPersonRow(db, 'gardener');
    const now = new Date().toISOString();
    const contents = [
      'Tomatoes at last #Garden #summer #garden',
      'No tags here, only a price: 5 # 3 and https://example.com/#frag',
      '#日本 trip, with #niños_2024',
    ];
    const ids: number[] = [];
    for (const content of contents) {
      const inserted = await sql<{ id: number }>`insert into ruminations
        (author_id, content, is_published, audience_mask, create_tms, update_tms)
        values (${author}, ${content}, 1, 0, ${now}, ${now}) returning id`.execute(db);
      ids.push(inserted.rows[0]!.id);
    }

    await migrateToLatest(db, url);

    const rows = await db
      .selectFrom('rumination_tags')
      .select(['rumination_id', 'tag', 'author_id', 'position'])
      .orderBy('rumination_id')
      .orderBy('position')
      .execute();
    expect(rows).toEqual([
      { rumination_id: ids[0], tag: 'garden', author_id: author, position: 0 },
      { rumination_id: ids[0], tag: 'summer', author_id: author, position: 1 },
      { rumination_id: ids[2], tag: '日本', author_id: author, position: 0 },
      { rumination_id: ids[2], tag: 'niños_2024', author_id: author, position: 1 },
    ]);
  });
});
