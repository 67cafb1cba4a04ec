import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../server/db/database';
import { emptyMigrationDatabases, insertPersonRow } from './support/migration-database';

/**
 * Migration 0021: a stored mask of 0 meant both "never chose" and "chose Public", so it becomes
 * null, "ask each time" (the safe side); any other mask is a choice and stays. On the database the
 * suite runs on: SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */

const emptyDatabase = emptyMigrationDatabases();

describe('the migration that lets new notes ask each time (0021)', () => {
  it('turns a stored Public (mask 0) into null and keeps every other mask', async () => {
    const { db, url } = await emptyDatabase();
    await migrateTo(db, '0020-write-positions');
    const now = new Date().toISOString();
    const masks = [0, 0b10, 0b110];
    const ids: number[] = [];
    for (const [i, mask] of masks.entries()) {
      const id = await insertPersonRow(db, `person${i}`);
      ids.push(id);
      await sql`insert into user_preferences
        (user_id, default_audiences, email_digest, push_off, update_tms)
        values (${id}, ${mask}, 'daily', '', ${now})`.execute(db);
    }

    await migrateToLatest(db, url);

    const rows = await db
      .selectFrom('user_preferences')
      .select(['user_id', 'default_audiences', 'email_digest'])
      .orderBy('user_id')
      .execute();
    expect(rows).toEqual([
      { user_id: ids[0], default_audiences: null, email_digest: 'daily' },
      { user_id: ids[1], default_audiences: 0b10, email_digest: 'daily' },
      { user_id: ids[2], default_audiences: 0b110, email_digest: 'daily' },
    ]);
  });
});
