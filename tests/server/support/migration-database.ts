import { sql, type Kysely } from 'kysely';
import { afterEach } from 'vitest';
import { createDatabase } from '../../../server/db/database';
import type { Database } from '../../../server/db/schema';
import { createEmptyPostgresDatabase, testPostgresUrl } from './test-database';

/**
 * For the tests of one migration: each gets an empty database of the suite's kind (SQLite in
 * memory, or a fresh PostgreSQL database with TEST_DATABASE_URL), migrates it to the step before
 * the one under test, writes rows as they stood then, and migrates on. Call at the top level of
 * a test file: what each test opened is closed (and dropped) after it.
 */
export function emptyMigrationDatabases(): () => Promise<{
  db: Kysely<Database>;
  /** The address migrateToLatest needs on PostgreSQL; undefined on SQLite. */
  url: string | undefined;
}> {
  const adminUrl = testPostgresUrl();
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return async () => {
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
  };
}

/**
 * A person's row written straight into `users` (named `name`, with its address and display
 * name), as migrations 0016 and later left it; its id.
 */
export async function insertPersonRow(db: Kysely<Database>, name: string): Promise<number> {
  const now = new Date().toISOString();
  const email = `${name}@example.com`;
  const inserted = await sql<{ id: number }>`insert into users
    (username, username_lower, email, email_lower, password_hash, create_tms,
     display_name, display_name_fold)
    values (${name}, ${name}, ${email}, ${email}, 'x', ${now}, ${name}, ${name})
    returning id`.execute(db);
  return inserted.rows[0]!.id;
}
