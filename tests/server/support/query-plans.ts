import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { registerSearchFunction } from '../../../server/db/search-tokens';
import type { Database } from '../../../server/db/schema';

/**
 * An in-memory SQLite database (with the search function the server registers) whose Kysely handle
 * records every query it sends: for the tests that read SQLite's EXPLAIN QUERY PLAN of exactly what
 * a service sends. The caller migrates and fills it (`sqlite` for bulk inserts).
 */
export function sqliteWithQueryLog() {
  const sqlite = new SQLite(':memory:');
  registerSearchFunction(sqlite);
  const captured: CompiledQuery[] = [];
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (event) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });

  /** The plan lines of every read (select, or with ... select) that `call` sends. */
  async function plansOf(call: () => Promise<unknown>): Promise<string[][]> {
    captured.length = 0;
    await call();
    return captured
      .filter((q) => /^\s*\(?(select|with)\b/i.test(q.sql))
      .map((q) =>
        (
          sqlite.prepare(`explain query plan ${q.sql}`).all(...q.parameters) as { detail: string }[]
        ).map((row) => row.detail),
      );
  }

  return { sqlite, db, captured, plansOf };
}
