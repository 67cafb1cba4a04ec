import { CompiledQuery, PostgresAdapter, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deletePairEntries, rebuildFeeds } from '../../server/modules/ruminations/feed-timeline';
import { feedQuery } from '../../server/modules/ruminations/rumination-queries';
import { insertPlanPeople } from './support/pg-plan-people';
import {
  createTestDatabase,
  testConnectionConfig,
  type TestDatabase,
} from './support/test-database';

/**
 * On PostgreSQL the plain feed reads one range of the reader's feed written ahead (feed_entries);
 * narrowed (here to public notes) it reads each related author's newest entry, then only the
 * entries that can enter the page (postgresFeedPage), over the covering index, whatever the number
 * of their ruminations: checked with EXPLAIN (ANALYZE, BUFFERS), as the SQLite plan tests do with
 * EXPLAIN QUERY PLAN.
 */

let testDb: TestDatabase;
const AUTHORS = 20;
const PER_AUTHOR = 2000;
const VIEWER = 1;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const db = testDb.db;
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const now = new Date().toISOString();
  await insertPlanPeople(db, AUTHORS, VIEWER);
  // Interleaved ids: every author's range spans the whole table.
  await sql`insert into ruminations (author_id, content, is_published, audience_mask, create_tms, update_tms)
    select 2 + (n % ${AUTHORS}), 'note ' || n, 1, case when n % 3 = 0 then 8 else (n % 2) * 4 end,
      ${now}, ${now}
    from generate_series(1, ${AUTHORS * PER_AUTHOR}) n`.execute(db);
  // What the rumination service writes on each publish, for the rows inserted above.
  await rebuildFeeds(db);
  await sql`vacuum analyze`.execute(db);
  // 40,000 rows and an ANALYZE: seconds, more on a machine busy with other suites.
}, 60_000);
afterAll(() => testDb.destroy());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Scan Direction'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** `compiled` run under EXPLAIN (ANALYZE, BUFFERS) on `executor`: its plan's root. */
async function analyzed(
  executor: Pick<Kysely<unknown>, 'executeQuery'>,
  compiled: CompiledQuery,
): Promise<PlanNode> {
  const result = await executor.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    CompiledQuery.raw(`explain (analyze, buffers, format json) ${compiled.sql}`, [
      ...compiled.parameters,
    ]),
  );
  return result.rows[0]!['QUERY PLAN'][0].Plan;
}

describe.skipIf(process.env.TEST_DATABASE_URL === undefined)('the feed on PostgreSQL', () => {
  it.each([undefined, 250])(
    "reads the page's ids from one range of the reader's feed written ahead (BeforeId %s)",
    async (beforeOffset) => {
      const db = testDb.db;
      const beforeId = beforeOffset === undefined ? undefined : AUTHORS * PER_AUTHOR - beforeOffset;
      const compiled = feedQuery(db, VIEWER, undefined, false, { limit: 20, beforeId }).compile(db);
      const all = nodes(await analyzed(db, compiled));
      const describe = JSON.stringify(
        all.map((n) => [n['Node Type'], n['Index Name'], n['Actual Rows'], n['Actual Loops']]),
      );
      // One backward range of feed_entries' primary key, stopped at the page; no author index.
      const entries = all.filter((n) => n['Index Name'] === 'feed_entries_pk');
      expect(entries, describe).toHaveLength(1);
      expect(entries[0]!['Scan Direction']).toBe('Backward');
      expect(entries[0]!['Actual Rows']).toBeLessThanOrEqual(20);
      expect(
        all.filter((n) => n['Index Name']?.startsWith('ruminations_author')),
        describe,
      ).toEqual([]);
      const rows = (
        await feedQuery(db, VIEWER, undefined, false, { limit: 20, beforeId }).execute(db)
      ).rows;
      expect(rows).toHaveLength(20);
      const ids = rows.map((r) => r.id);
      expect(ids).toEqual([...ids].sort((x, y) => y - x));
      for (const r of rows) expect(r.audience_mask === 0 || (r.audience_mask & 4) !== 0).toBe(true);
    },
  );

  it.each([undefined, 250])(
    'narrowed to public notes, reads one entry per author and then the page, backwards over an author index (BeforeId %s)',
    async (beforeOffset) => {
      const db = testDb.db;
      const beforeId = beforeOffset === undefined ? undefined : AUTHORS * PER_AUTHOR - beforeOffset;
      const compiled = feedQuery(db, VIEWER, undefined, true, { limit: 20, beforeId }).compile(db);
      const plan = await analyzed(db, compiled);
      // An author index (the covering one, or (author_id, id) when the planner prefers it with
      // BeforeId), read backwards under each author's Limit; never the primary key.
      const scans = nodes(plan).filter((n) => n['Index Name']?.startsWith('ruminations_author'));
      expect(
        nodes(plan).filter(
          (n) => n['Index Name'] === 'ruminations_pkey' && n['Scan Direction'] === 'Backward',
        ),
      ).toEqual([]);
      expect(
        scans.length,
        JSON.stringify(
          nodes(plan).map((n) => [
            n['Node Type'],
            n['Index Name'],
            n['Scan Direction'],
            n['Actual Rows'],
            n['Actual Loops'],
          ]),
        ),
      ).toBeGreaterThan(0);
      for (const scan of scans) {
        expect(scan['Node Type']).toMatch(/Index (Only )?Scan/);
        expect(scan['Scan Direction']).toBe('Backward');
      }
      const read = scans.reduce(
        (sum, s) => sum + (s['Actual Rows'] ?? 0) * (s['Actual Loops'] ?? 1),
        0,
      );
      // Public notes only are a thinner share of each author's range, so a little more of it
      // than the plain feed's one entry per author: at most a page from each, never the 2,000.
      expect(read).toBeLessThanOrEqual(AUTHORS * 20);
      // And the page itself is right: 20 rows, newest first, all visible through mask 4.
      const rows = (
        await feedQuery(db, VIEWER, undefined, true, { limit: 20, beforeId }).execute(db)
      ).rows;
      expect(rows).toHaveLength(20);
      const ids = rows.map((r) => r.id);
      expect(ids).toEqual([...ids].sort((x, y) => y - x));
      for (const r of rows) expect(r.audience_mask).toBe(0);
    },
  );

  it("deletes a pair's rows reading only the author's notes, through an author index", async () => {
    const db = testDb.db;
    const compiled = deletePairEntries(VIEWER, 2).compile(db);
    // Rolled back: the plan is run for real, its rows stay.
    await db.connection().execute(async (connection) => {
      await sql`begin`.execute(connection);
      try {
        const all = nodes(await analyzed(connection, compiled));
        const describe = JSON.stringify(
          all.map((n) => [n['Node Type'], n['Relation Name'], n['Index Name'], n['Actual Rows']]),
        );
        // feed_entries here holds one reader's rows only: how it reads them is the planner's
        // choice. The notes are one author's, never the table's 40,000.
        expect(
          all.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'ruminations'),
          describe,
        ).toEqual([]);
        const byAuthor = all.filter((n) => n['Index Name']?.startsWith('ruminations_author'));
        expect(byAuthor.length, describe).toBeGreaterThan(0);
        for (const scan of byAuthor) expect(scan['Actual Rows']).toBeLessThanOrEqual(PER_AUTHOR);
      } finally {
        await sql`rollback`.execute(connection);
      }
    });
  });

  it('is planned once per connection: PostgreSQL keeps its generic plan', async (context) => {
    // Named statements only (off behind PgBouncer in transaction mode: PG_PREPARED_STATEMENTS).
    if (!testConnectionConfig().pgPreparedStatements) return context.skip();
    // Its LIMIT is in the text (rowLimit): with LIMIT $n the generic plan is costed for a tenth of
    // the table, so PostgreSQL would plan every execution for its values.
    await testDb.db.connection().execute(async (connection) => {
      // PostgreSQL plans the first five executions for their values, then compares.
      for (let i = 0; i < 10; i++) {
        const page = { limit: 20, beforeId: AUTHORS * PER_AUTHOR - i };
        await feedQuery(connection, VIEWER, undefined, true, page).execute(connection);
      }
      // The feed's statements of this connection (with and without BeforeId, from the tests above).
      const rows = (
        await sql<{ generic: string }>`select generic_plans as generic from pg_prepared_statements
          where statement like 'with a as (%' and statement like '%r.id < $%'`.execute(connection)
      ).rows;
      expect(rows).toHaveLength(1);
      expect(Number(rows[0]!.generic)).toBeGreaterThanOrEqual(5);
    });
  });

  describe('with some authors writing more than others lately', () => {
    beforeAll(async () => {
      const db = testDb.db;
      const now = new Date().toISOString();
      // And some authors with more recent notes than others, so that pages are not round-robin.
      await sql`insert into ruminations (author_id, content, is_published, audience_mask, create_tms, update_tms)
        select 2 + ((n * n) % 7), 'late ' || n, (n % 5 <> 0)::int, (n % 3) * 4, ${now}, ${now}
        from generate_series(1, 300) n`.execute(db);
      await rebuildFeeds(db);
    });

    it.each([
      [20, false],
      [7, false],
      [50, false],
      [20, true],
      [7, true],
    ])(
      'pages through exactly the visible ruminations, newest first (Limit %s, public only %s)',
      async (limit, publicOnly) => {
        const db = testDb.db;
        const expected = (
          await sql<{ id: number }>`select r.id from ruminations r
        join viewer_audiences va on va.author_id = r.author_id and va.viewer_id = ${VIEWER}
        where r.is_published = 1 and (r.audience_mask = 0 or (r.audience_mask & va.audience_mask) <> 0)
          and (${publicOnly ? 1 : 0} = 0 or r.audience_mask = 0)
        order by r.id desc limit ${limit * 8}`.execute(db)
        ).rows.map((r) => r.id);
        const seen: number[] = [];
        let beforeId: number | undefined;
        for (let page = 0; page < 8; page++) {
          const rows = (
            await feedQuery(db, VIEWER, undefined, publicOnly, { limit, beforeId }).execute(db)
          ).rows;
          seen.push(...rows.map((r) => r.id));
          beforeId = rows.at(-1)?.id;
        }
        expect(seen).toEqual(expected);
      },
    );
  });
});
