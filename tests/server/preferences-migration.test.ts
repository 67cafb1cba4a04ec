import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, migrateTo, migrateToLatest } from '../../server/db/database';
import type { Database } from '../../server/db/schema';
import { createEmptyPostgresDatabase, testPostgresUrl } from './support/test-database';

/**
 * Migration 0021: a stored mask of 0 meant both "never chose" and "chose Public", so it becomes
 * null, "ask each time" (the safe side); any other mask is a choice and stays. On the database the
 * suite runs on: SQLite, or PostgreSQL with TEST_DATABASE_URL.
 */

const adminUrl = testPostgresUrl();
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** An empty database of the suite's kind, and the address migrateToLatest needs on PostgreSQL. */
async function emptyDatabase(): Promise<{ db: Kysely<Database>; url: string | undefined }> {
  if (adminUrl === undefined) {
    const db = createDatabase({ sqliteFile: ':memory:' });
    cleanups.push(() => db.destroy());
    return { db, url: undefined };
  }
  const { databaseUrl, drop } = await createEmptyPostgresDatabase(adminUrl);
  cleanups.push(drop);
  const db = createDatabase({ databaseUrl });
  cleanups.push(() => db.destroy());
  return { db, url: databaseUrl };
}

describe('the migration that lets new notes ask each time (0021)', () => {
  it('turns a stored Public (mask 0) into null and keeps every other mask', async () => {
    const { db, url } = await emptyDatabase();
    await migrateTo(db, '0020-write-positions');
    const now = new Date().toISOString();
    const masks = [0, 0b10, 0b110];
    const ids: number[] = [];
    for (const [i, mask] of masks.entries()) {
      const name = `person${i}`;
      const email = `${name}@example.com`;
      const inserted = await sql<{ id: number }>`insert into users
        (username, username_lower, email, email_lower, password_hash, create_tms,
         display_name, display_name_fold)
        values (${name}, ${name}, ${email}, ${email}, 'x', ${now}, ${name}, ${name})
        returning id`.execute(db);
      const id = inserted.rows[0]!.id;
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
