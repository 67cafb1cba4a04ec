import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest } from '../../server/db/database';
import {
  createPostgresDatabase,
  dropPostgresDatabase,
  testPostgresUrl,
  withDatabaseName,
} from './support/test-database';

const adminUrl = testPostgresUrl();

// PostgreSQL only (TEST_DATABASE_URL, e.g. `npm run test:server:pg`): SQLite serves one instance.
describe.skipIf(adminUrl === undefined)('migrations on PostgreSQL', () => {
  let name: string;
  let url: string;
  beforeAll(async () => {
    name = await createPostgresDatabase(adminUrl!);
    url = withDatabaseName(adminUrl!, name);
  });
  afterAll(() => dropPostgresDatabase(adminUrl!, name));

  it('run exactly once when several instances start at once on an empty database', async () => {
    const instances = Array.from({ length: 6 }, () => createDatabase({ databaseUrl: url }));
    try {
      const results = await Promise.allSettled(instances.map((db) => migrateToLatest(db)));
      expect(results.map((r) => r.status)).toEqual(instances.map(() => 'fulfilled'));

      const db = instances[0]!;
      const applied = await sql<{ name: string; n: number }>`
        select name, count(*) as n from kysely_migration group by name`.execute(db);
      expect(applied.rows.length).toBeGreaterThan(0);
      for (const row of applied.rows) expect(row.n).toBe(1);

      // The schema is whole: every table of the first migration answers.
      for (const table of ['users', 'ruminations', 'comments', 'user_relations'] as const) {
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

  it('are a no-op on an up-to-date database', async () => {
    const db = createDatabase({ databaseUrl: url });
    try {
      await migrateToLatest(db);
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
  });
});
