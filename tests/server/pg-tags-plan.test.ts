import { CompiledQuery, PostgresAdapter, sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedQuery } from '../../server/modules/ruminations/rumination-queries';
import { taggedQuery, type TaggedFilter } from '../../server/modules/ruminations/rumination-tags';
import { insertPlanPeople } from './support/pg-plan-people';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/**
 * On PostgreSQL a list with `tag=` walks the tag's range of rumination_tags and probes each
 * rumination by primary key, as on SQLite (tags-plans.test.ts): checked with EXPLAIN (ANALYZE) over
 * 40,000 tagged ruminations, none of the lists reading ruminations or rumination_tags whole.
 */

let testDb: TestDatabase;
const AUTHORS = 20;
const PER_AUTHOR = 2000;
const VIEWER = 1;
const PAGE = { limit: 20, beforeId: undefined };

beforeAll(async () => {
  testDb = await createTestDatabase();
  const db = testDb.db;
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const now = new Date().toISOString();
  await insertPlanPeople(db, AUTHORS, VIEWER);
  await sql`insert into ruminations (author_id, content, is_published, audience_mask, create_tms, update_tms)
    select 1 + (n % ${AUTHORS + 1}), 'note ' || n, 1, (n % 2) * 4, ${now}, ${now}
    from generate_series(1, ${AUTHORS * PER_AUTHOR}) n`.execute(db);
  await sql`insert into rumination_tags (rumination_id, tag, author_id, position)
    select id, 't' || (id % 40), author_id, 0 from ruminations`.execute(db);
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

const tagged = (filter: TaggedFilter) => taggedQuery(filter, PAGE);

describe.skipIf(process.env.TEST_DATABASE_URL === undefined)('tag lists on PostgreSQL', () => {
  it.each([
    ['my notes with a tag', () => tagged({ tag: 't7', viewerId: 1, authorId: 1 })],
    [
      'public notes with a tag',
      () => tagged({ tag: 't4', viewerId: null, published: true, publicOnly: true }),
    ],
    [
      'one author’s notes with a tag',
      () => tagged({ tag: 't3', viewerId: 1, authorId: 3, published: true }),
    ],
    [
      'the feed with a tag',
      () => feedQuery(testDb.db, VIEWER, undefined, false, PAGE, 't5') as RawBuilder<unknown>,
    ],
  ])('%s: an index range of rumination_tags, no sequential scan', async (_name, query) => {
    const plan = await planOf(query());
    const described = JSON.stringify(
      plan.map((n) => [n['Node Type'], n['Relation Name'], n['Index Name']]),
    );
    // Small tables (viewer_audiences, the empty comments of the count) may be read whole.
    const bigScans = plan.filter(
      (n) =>
        n['Node Type'] === 'Seq Scan' &&
        (n['Relation Name'] === 'ruminations' || n['Relation Name'] === 'rumination_tags'),
    );
    expect(bigScans, described).toEqual([]);
    expect(
      plan.some((n) => n['Index Name']?.startsWith('rumination_tags')),
      described,
    ).toBe(true);
  });
});
