import fs from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest } from '../../server/db/database';
import type { Database } from '../../server/db/schema';
import { createEmptyPostgresDatabase, testPostgresUrl } from './support/test-database';

const adminUrl = testPostgresUrl();

/** Every migration file, by name: a file the server does not list would never run. */
const MIGRATION_FILES = fs
  .readdirSync(new URL('../../server/db/migrations/', import.meta.url))
  .filter((file) => /^\d{4}-[a-z0-9-]+\.ts$/.test(file))
  .map((file) => file.replace(/\.ts$/, ''))
  .sort();

/** The migration table as the operator would read it: what ran, once each, and when. */
async function appliedMigrations(db: Kysely<Database>) {
  const { rows } = await sql<{ name: string; timestamp: string }>`
    select name, timestamp from kysely_migration order by name`.execute(db);
  return rows;
}

// PostgreSQL only (TEST_DATABASE_URL, e.g. `npm run test:server:pg`): SQLite serves one instance.
describe.skipIf(adminUrl === undefined)('migrations on PostgreSQL', () => {
  let url: string;
  let dropDatabase: () => Promise<void>;
  beforeAll(async () => {
    ({ databaseUrl: url, drop: dropDatabase } = await createEmptyPostgresDatabase(adminUrl!));
  });
  afterAll(() => dropDatabase());

  it('run exactly once, all of them, when several instances start at once on an empty database', async () => {
    expect(MIGRATION_FILES).toContain('0001-initial');
    const instances = Array.from({ length: 6 }, () => createDatabase({ databaseUrl: url }));
    try {
      const results = await Promise.allSettled(instances.map((db) => migrateToLatest(db, url)));
      expect(results.map((r) => r.status)).toEqual(instances.map(() => 'fulfilled'));

      const db = instances[0]!;
      expect((await appliedMigrations(db)).map((row) => row.name)).toEqual(MIGRATION_FILES);

      // The schema is whole and empty: the first migration's tables and the latest one's answer.
      for (const table of [
        'users',
        'ruminations',
        'comments',
        'user_relations',
        'notifications',
      ] as const) {
        const { rows } = await sql<{
          n: number;
        }>`select count(*) as n from ${sql.table(table)}`.execute(db);
        // COUNT(*) is a bigint on PostgreSQL: the pool parses it to a number.
        expect(rows[0]?.n).toBe(0);
      }
    } finally {
      await Promise.all(instances.map((db) => db.destroy()));
    }
  });

  it('apply nothing when an instance restarts on an up-to-date database, whose data stays', async () => {
    const first = createDatabase({ databaseUrl: url });
    let before: Awaited<ReturnType<typeof appliedMigrations>>;
    try {
      await migrateToLatest(first, url);
      before = await appliedMigrations(first);
      await first
        .insertInto('users')
        .values({
          username: 'kept',
          username_lower: 'kept',
          display_name: 'kept',
          display_name_fold: 'kept',
          email: 'kept@example.com',
          email_lower: 'kept@example.com',
          password_hash: 'x',
          is_active: 1,
          create_tms: new Date().toISOString(),
        })
        .execute();
    } finally {
      await first.destroy();
    }

    const restarted = createDatabase({ databaseUrl: url });
    try {
      await migrateToLatest(restarted, url);
      // The same rows with the same times: no migration ran again.
      expect(await appliedMigrations(restarted)).toEqual(before);
      const users = await restarted.selectFrom('users').select('username').execute();
      expect(users).toEqual([{ username: 'kept' }]);
    } finally {
      await restarted.destroy();
    }
  });
});
