import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withNamedStatements } from '../../server/db/pg-named-statements';
import type { Database } from '../../server/db/schema';
import { createTestDatabase, testPostgresUrl, type TestDatabase } from './support/test-database';

/**
 * PostgreSQL plans each distinct statement once per connection (server/db/pg-named-statements.ts):
 * what a client notices is the right answer to every statement, sooner; what an operator notices is
 * the prepared statements a connection holds (pg_prepared_statements), and migrations that run.
 */

type Executor = Pick<Kysely<Database>, 'getExecutor'>;

/** This connection's prepared statements on `items`, with how often each ran. */
async function preparedOnItems(connection: Executor) {
  // No parameters: this query itself is not prepared.
  const { rows } = await sql<{ statement: string; calls: number }>`
    select statement, (generic_plans + custom_plans)::int as calls
    from pg_prepared_statements where statement like '%from items%' order by statement`.execute(
    connection,
  );
  return rows;
}

describe.skipIf(testPostgresUrl() === undefined)('named statements on PostgreSQL', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    // Directly on the server even behind PgBouncer: these tests are of one session's statements.
    testDb = await createTestDatabase({ direct: true });
    await sql`create table items (id int primary key, label text not null)`.execute(testDb.db);
    await sql`insert into items select n, 'item ' || n from generate_series(1, 5) n`.execute(
      testDb.db,
    );
  });
  afterAll(() => testDb.destroy());

  it('answers each statement with its own rows, each text prepared once per connection and reused', async () => {
    await testDb.db.connection().execute(async (connection) => {
      for (let id = 1; id <= 5; id++) {
        const byId = await sql<{
          label: string;
        }>`select label from items where id = ${id}`.execute(connection);
        expect(byId.rows).toEqual([{ label: `item ${id}` }]);
        // Another text with one parameter too: it must not run as the first one's statement.
        const byLabel = await sql<{
          id: number;
        }>`select id from items where label = ${`item ${id}`}`.execute(connection);
        expect(byLabel.rows).toEqual([{ id }]);
      }
      expect(await preparedOnItems(connection)).toEqual([
        { statement: 'select id from items where label = $1', calls: 5 },
        { statement: 'select label from items where id = $1', calls: 5 },
      ]);
    });
  });

  it('names at most maxNames texts; any further text still answers, unprepared', async () => {
    // One connection, so that every statement below meets the same session.
    const pool = withNamedStatements(
      new pg.Pool({ connectionString: testDb.databaseUrl, max: 1 }),
      2,
    );
    const client = await pool.connect();
    try {
      const texts = [
        'select label from items where id = $1',
        'select label from items where id = $1 and label is not null',
        'select label from items where id = $1 and id > 0',
      ];
      for (let round = 0; round < 2; round++) {
        for (const text of texts) {
          const { rows } = await client.query<{ label: string }>(text, [3]);
          expect(rows).toEqual([{ label: 'item 3' }]);
        }
      }
      const { rows } = await client.query<{ statement: string }>(
        "select statement from pg_prepared_statements where statement like '%from items%' order by statement",
      );
      expect(rows.map((row) => row.statement)).toEqual(texts.slice(0, 2).sort());
    } finally {
      client.release();
      await pool.end();
    }
  });

  it('runs SQL without parameters on the simple protocol: several statements in one text (as migrations do), nothing prepared', async () => {
    await testDb.db.connection().execute(async (connection) => {
      await sql
        .raw(
          `create table items_copy (id int primary key, label text not null);
           insert into items_copy select id, label from items`,
        )
        .execute(connection);
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from items_copy`.execute(connection);
      expect(rows).toEqual([{ n: 5 }]);
      const prepared = await sql<{ statement: string }>`
        select statement from pg_prepared_statements where statement like '%items_copy%'`.execute(
        connection,
      );
      expect(prepared.rows).toEqual([]);
    });
  });
});
