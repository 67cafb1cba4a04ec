import { CompiledQuery, PostgresAdapter, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedQuery } from '../../server/modules/ruminations/rumination-queries';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/**
 * On PostgreSQL the feed reads at most one page from each related author's range (a LATERAL top-N
 * per author over the covering index), whatever the number of their ruminations: checked with
 * EXPLAIN (ANALYZE, BUFFERS), as the SQLite plan tests do with EXPLAIN QUERY PLAN.
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
  await sql`insert into users (username, username_lower, email, email_lower, password_hash,
      is_active, token_version, create_tms)
    select 'u' || i, 'u' || i, 'u' || i || '@x.test', 'u' || i || '@x.test', 'x', 1, 0, ${now}
    from generate_series(1, ${AUTHORS + 1}) i`.execute(db);
  await sql`insert into viewer_audiences (viewer_id, author_id, audience_mask)
    select ${VIEWER}, i, 4 from generate_series(2, ${AUTHORS + 1}) i`.execute(db);
  // Interleaved ids: every author's range spans the whole table.
  await sql`insert into ruminations (author_id, content, is_published, audience_mask, create_tms, update_tms)
    select 2 + (n % ${AUTHORS}), 'note ' || n, 1, case when n % 3 = 0 then 8 else (n % 2) * 4 end,
      ${now}, ${now}
    from generate_series(1, ${AUTHORS * PER_AUTHOR}) n`.execute(db);
  await sql`vacuum analyze`.execute(db);
});
afterAll(() => testDb.destroy());

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Scan Direction'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

describe.skipIf(process.env.TEST_DATABASE_URL === undefined)('the feed on PostgreSQL', () => {
  it.each([undefined, 250])(
    'reads one page per author, backwards over an author index (BeforeId %s)',
    async (beforeOffset) => {
      const db = testDb.db;
      const beforeId = beforeOffset === undefined ? undefined : AUTHORS * PER_AUTHOR - beforeOffset;
      const compiled = feedQuery(db, VIEWER, undefined, false, { limit: 20, beforeId }).compile(db);
      const result = await db.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        CompiledQuery.raw(`explain (analyze, buffers, format json) ${compiled.sql}`, [
          ...compiled.parameters,
        ]),
      );
      const plan = result.rows[0]!['QUERY PLAN'][0].Plan;
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
      // At most about a page from each author's range: not the 6,000 ruminations there are.
      const read = scans.reduce(
        (sum, s) => sum + (s['Actual Rows'] ?? 0) * (s['Actual Loops'] ?? 1),
        0,
      );
      expect(read).toBeLessThanOrEqual(AUTHORS * 20);
      // And the page itself is right: 20 rows, newest first, all visible through mask 4.
      const rows = (
        await feedQuery(db, VIEWER, undefined, false, { limit: 20, beforeId }).execute(db)
      ).rows;
      expect(rows).toHaveLength(20);
      const ids = rows.map((r) => r.id);
      expect(ids).toEqual([...ids].sort((x, y) => y - x));
      for (const r of rows) expect(r.audience_mask === 0 || (r.audience_mask & 4) !== 0).toBe(true);
    },
  );
});
