import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../server/db/database';
import { recipientLanguage } from '../../server/i18n/recipient-language';
import { emptyMigrationDatabases, insertPersonRow } from './support/migration-database';

/**
 * Migration 0029: every existing account follows the browser (no language chosen) and was seen in
 * none, so it is written to in English until it signs in or chooses. On the database the suite
 * runs on: SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */

const emptyDatabase = emptyMigrationDatabases();

describe('the migration that keeps a person’s language (0029)', () => {
  it('leaves existing people and their preferences with no language, in English', async () => {
    const { db, url } = await emptyDatabase();
    await migrateTo(db, '0028-search-fold-linear');
    const now = new Date().toISOString();
    const withRow = await insertPersonRow(db, 'withrow');
    const without = await insertPersonRow(db, 'without');
    await sql`insert into user_preferences
      (user_id, default_audiences, email_digest, push_off, update_tms)
      values (${withRow}, ${2}, 'daily', '', ${now})`.execute(db);

    await migrateToLatest(db, url);

    const preferences = await db
      .selectFrom('user_preferences')
      .select(['user_id', 'email_digest', 'language'])
      .execute();
    expect(preferences).toEqual([{ user_id: withRow, email_digest: 'daily', language: null }]);
    const users = await db
      .selectFrom('users')
      .select(['id', 'seen_language'])
      .orderBy('id')
      .execute();
    expect(users).toEqual([
      { id: withRow, seen_language: null },
      { id: without, seen_language: null },
    ]);
    expect(await recipientLanguage(db, withRow)).toBe('en');
    expect(await recipientLanguage(db, without)).toBe('en');

    // And back: the columns go, nothing else.
    await migrateTo(db, '0028-search-fold-linear');
    const back = await sql<{ email_digest: string }>`select * from user_preferences`.execute(db);
    expect(back.rows).toHaveLength(1);
    expect(back.rows[0]).not.toHaveProperty('language');
    expect(back.rows[0]?.email_digest).toBe('daily');
  });
});
