import { CompiledQuery, PostgresAdapter, sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdTimesQuery, inRangesQuery } from '../../server/modules/memories/memory-queries';
import { monthRange, onThisDayRanges } from '../../src/domain/memories';
import { insertPlanPeople } from './support/pg-plan-people';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/**
 * On PostgreSQL, on this day and the calendar read ranges of ruminations_author_created (author_id,
 * create_tms), as on SQLite (memories-query-plans.test.ts): EXPLAIN (ANALYZE) over an author with
 * 50,000 notes among 60,000, no sequential scan of ruminations.
 */

let testDb: TestDatabase;
const ZONE = 'Europe/Madrid';

beforeAll(async () => {
  testDb = await createTestDatabase();
  const db = testDb.db;
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await insertPlanPeople(db, 4, 1);
  // One note every 2.5 hours from 2009; one in six is someone else's.
  await sql`insert into ruminations (author_id, content, is_published, audience_mask, create_tms, update_tms)
    select case when n % 6 = 5 then 2 + (n % 4) else 1 end, 'note ' || n, n % 2, 0, t, t
    from (select n, to_char(timestamp '2009-01-01' + n * interval '150 minutes',
      'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as t from generate_series(1, 60000) n) s`.execute(db);
  await sql`vacuum analyze`.execute(db);
}, 60_000);
afterAll(() => testDb.destroy());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

async function planOf(query: RawBuilder<unknown>): Promise<PlanNode[]> {
  const db = testDb.db;
  const compiled = query.compile(db);
  const result = await db.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    CompiledQuery.raw(`explain (analyze, format json) ${compiled.sql}`, [...compiled.parameters]),
  );
  return nodes(result.rows[0]!['QUERY PLAN'][0].Plan);
}

describe.skipIf(process.env.TEST_DATABASE_URL === undefined)('memories on PostgreSQL', () => {
  it.each([
    [
      'on this day, one range per earlier year',
      () => inRangesQuery(1, onThisDayRanges('2026-05-03', ZONE, { first: 2009, last: 2025 }), 50),
      17,
    ],
    ['the calendar’s month', () => createdTimesQuery(1, monthRange('2016-05', ZONE)), 1],
  ] as const)('%s: ruminations_author_created, no sequential scan', async (_name, query, n) => {
    const plan = await planOf(query() as RawBuilder<unknown>);
    const described = JSON.stringify(
      plan.map((node) => [node['Node Type'], node['Relation Name'], node['Index Name']]),
    );
    expect(
      plan.filter(
        (node) => node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'ruminations',
      ),
      described,
    ).toEqual([]);
    expect(
      plan.filter((node) => node['Index Name'] === 'ruminations_author_created'),
      described,
    ).toHaveLength(n);
  });
});
