import { PostgresAdapter, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/** PostgreSQL plans each distinct statement once per connection (server/db/pg-named-statements.ts). */

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.destroy());

const onPostgres = () => testDb.db.getExecutor().adapter instanceof PostgresAdapter;

describe('named statements on PostgreSQL', () => {
  it('prepares a statement with parameters once per connection and reuses it', async () => {
    if (!onPostgres()) return;
    await testDb.db.connection().execute(async (connection) => {
      const prepared = async () =>
        (
          await sql<{
            name: string;
            calls: string;
          }>`select name, generic_plans + custom_plans as calls
            from pg_prepared_statements where statement like '%from "users" where "id" = $1%'`.execute(
            connection,
          )
        ).rows;
      for (let id = 1; id <= 5; id++) {
        await connection.selectFrom('users').select('id').where('id', '=', id).execute();
      }
      const rows = await prepared();
      expect(rows).toHaveLength(1);
      expect(Number(rows[0]!.calls)).toBe(5);
    });
  });

  it('leaves statements without parameters to the simple protocol (several statements in one)', async () => {
    if (!onPostgres()) return;
    await sql.raw('select 1; select 2').execute(testDb.db);
  });
});
