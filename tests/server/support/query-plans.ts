import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerSearchFunction } from '../../../server/db/search-tokens';
import type { Database } from '../../../server/db/schema';
import { testPostgresUrl } from './test-database';

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

  /**
   * `body`'s tests twice: on the database as filled (no statistics), then after ANALYZE, whose
   * statistics may lead SQLite's planner elsewhere. `title` holds a %s for false and true.
   */
  function describeBeforeAndAfterAnalyze(title: string, body: () => void): void {
    // SQLite's plans are the same whatever database the other tests use: the PostgreSQL run
    // (TEST_DATABASE_URL) skips them, and with no test left, the file's filling too.
    const suite = testPostgresUrl() === undefined ? describe : describe.skip;
    suite.each([false, true])(title, (analyzed) => {
      beforeAll(() => {
        if (analyzed) sqlite.exec('analyze');
      });
      body();
    });
  }

  /**
   * One test a read (its name, and the call that sends it): every query it sends seeks through
   * indexes only (see expectSeeksOnly). `queries`: how many it sends, where the test knows.
   */
  function itSeeksOnly(
    reads: (readonly [string, () => Promise<unknown>])[],
    tableScan: RegExp,
    queries?: number,
  ): void {
    it.each(reads)('%s: index seeks only, no table scan, no sort', async (_name, read) => {
      const plans = await plansOf(read);
      if (queries === undefined) expect(plans.length).toBeGreaterThan(0);
      else expect(plans).toHaveLength(queries);
      for (const plan of plans) expectSeeksOnly(plan, tableScan);
    });
  }

  return { sqlite, db, captured, plansOf, describeBeforeAndAfterAnalyze, itSeeksOnly };
}

/**
 * A plan that scans no table `tableScan` matches (its lines read `SCAN <table or alias>`) and
 * builds no temporary B-tree (a sort, or a DISTINCT the index does not give); the plan is the
 * message of a failure.
 */
export function expectSeeksOnly(plan: string[], tableScan: RegExp): void {
  expect(
    plan.filter((line) => tableScan.test(line)),
    plan.join('\n'),
  ).toEqual([]);
  expect(
    plan.filter((line) => line.includes('TEMP B-TREE')),
    plan.join('\n'),
  ).toEqual([]);
}
