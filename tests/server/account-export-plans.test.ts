import { CompiledQuery, PostgresAdapter, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/database';
import type { Database } from '../../server/db/schema';
import {
  commentOnOwnPage,
  commentOnOwnPageQuery,
  ownCommentPage,
  ownRevisionPage,
} from '../../server/modules/account/export-queries';
import { sqliteWithQueryLog } from './support/query-plans';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/**
 * The export's comment pages cost the same whatever the account's or the site's size: the caller's
 * own comments through comments_author (author_id, id), other people's comments on the caller's
 * notes through ruminations_author_id (author_id, id) then comments_rumination (rumination_id, id),
 * read in the order those indexes give, so a page reads its own rows and sorts nothing. SQLite's
 * EXPLAIN QUERY PLAN of the very queries sent (before and after ANALYZE), and PostgreSQL's
 * EXPLAIN (ANALYZE) with TEST_DATABASE_URL.
 */

const AUTHORS = 500;
const NOTES = 40_000;
const COMMENTS = 200_000;
const AUTHOR = 2;

/** Users 1..AUTHORS; notes spread over them, every tenth in the trash; comments by everyone. */
async function fill(db: Kysely<Database>): Promise<void> {
  const now = '2026-06-01T00:00:00.000Z';
  await sql`insert into users (username, username_lower, email, email_lower, password_hash, is_active, create_tms)
    select 'u' || i, 'u' || i, 'u' || i || '@x', 'u' || i || '@x', 'x', 1, ${now}
    from (with recursive n(i) as (select 1 union all select i + 1 from n where i < ${AUTHORS}) select i from n) s`.execute(
    db,
  );
  await sql`insert into ruminations (author_id, content, is_published, audience_mask, create_tms, update_tms, deleted_tms)
    select 1 + (i % ${AUTHORS}), 'x', 1, 0, ${now}, ${now}, case when i % 10 = 0 then ${now} else null end
    from (with recursive n(i) as (select 1 union all select i + 1 from n where i < ${NOTES}) select i from n) s`.execute(
    db,
  );
  await sql`insert into comments (rumination_id, parent_comment_id, author_id, content, is_deleted, create_tms, update_tms)
    select 1 + (i * 7 % ${NOTES}), null, 1 + (i % ${AUTHORS}), 'c', 0, ${now}, ${now}
    from (with recursive n(i) as (select 1 union all select i + 1 from n where i < ${COMMENTS}) select i from n) s`.execute(
    db,
  );
  // Replies, so that the own comments' parent lookup has parents to find.
  await sql`update comments set parent_comment_id = id - 1 where id % 3 = 0`.execute(db);
}

const reads = (db: Kysely<Database>): [string, () => Promise<unknown[]>][] => [
  ['own comments, first page', () => ownCommentPage(db, AUTHOR, 0)],
  ['own comments, a later page', () => ownCommentPage(db, AUTHOR, 100_000)],
  ['comments on own notes, first page', () => commentOnOwnPage(db, AUTHOR, undefined)],
  [
    'comments on own notes, a later page',
    () => commentOnOwnPage(db, AUTHOR, { ruminationId: 20_002, id: 100_000 }),
  ],
];

// SQLite's plans are the same in the PostgreSQL run: checked in the SQLite run only.
describe.skipIf(process.env.TEST_DATABASE_URL !== undefined)('on SQLite', () => {
  const { db, plansOf, describeBeforeAndAfterAnalyze, itSeeksOnly } = sqliteWithQueryLog();
  beforeAll(async () => {
    await migrateToLatest(db);
    await fill(db);
    // About 2 s alone; over the default 10 s on a CI machine busy with the PostgreSQL lane.
  }, 60_000);
  afterAll(() => db.destroy());

  const TABLE_SCAN = /^SCAN (r|c|p|u|ruminations|comments|users)\b/;

  describeBeforeAndAfterAnalyze('after ANALYZE: %s', () => {
    itSeeksOnly(reads(db), TABLE_SCAN, 1);

    it('a later page of revisions starts at the cursor’s note, not the first', async () => {
      const plans = await plansOf(() =>
        ownRevisionPage(db, AUTHOR, { ruminationId: 20_002, id: 100_000 }),
      );
      expect(plans[0]).toContain(
        'SEARCH r USING INDEX ruminations_author_id (author_id=? AND id>?)',
      );
    });

    it('a later page of comments on own notes starts at the cursor’s note, not the first', async () => {
      const plans = await plansOf(() =>
        commentOnOwnPage(db, AUTHOR, { ruminationId: 20_002, id: 100_000 }),
      );
      expect(plans[0]).toContain(
        'SEARCH r USING INDEX ruminations_author_id (author_id=? AND id>?)',
      );
    });
  });
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

describe.skipIf(process.env.TEST_DATABASE_URL === undefined)('on PostgreSQL', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    if (!(testDb.db.getExecutor().adapter instanceof PostgresAdapter)) return;
    await fill(testDb.db);
    await sql`vacuum analyze`.execute(testDb.db);
    // Filling the tables takes seconds; more on a machine busy with other suites.
  }, 60_000);
  afterAll(() => testDb.destroy());

  it.each(['first', 'later'] as const)(
    'comments on own notes, %s page: the author’s notes by an author index, their comments by note',
    async (which) => {
      const db = testDb.db;
      const after = which === 'first' ? undefined : { ruminationId: 20_002, id: 100_000 };
      const compiled = commentOnOwnPageQuery(db, AUTHOR, after).compile();
      const result = await db.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        CompiledQuery.raw(`explain (analyze, format json) ${compiled.sql}`, [
          ...compiled.parameters,
        ]),
      );
      const all = nodes(result.rows[0]!['QUERY PLAN'][0].Plan);
      const shown = JSON.stringify(
        all.map((n) => [n['Node Type'], n['Relation Name'], n['Index Name'], n['Actual Rows']]),
      );
      // Neither table is walked whole (PostgreSQL may hash-join a small users table; with few
      // rows left it may sort them rather than keep the notes' order, a cost-based choice).
      expect(
        all.filter(
          (n) =>
            n['Node Type'] === 'Seq Scan' &&
            (n['Relation Name'] === 'ruminations' || n['Relation Name'] === 'comments'),
        ),
        shown,
      ).toEqual([]);
      const indexes = all.map((n) => n['Index Name']).filter((name) => name !== undefined);
      const onRuminations = indexes.filter((name) => name.startsWith('ruminations'));
      const onComments = indexes.filter((name) => name.startsWith('comments'));
      expect(onRuminations.length, shown).toBeGreaterThan(0);
      expect(
        onRuminations.every((name) => name.startsWith('ruminations_author')),
        shown,
      ).toBe(true);
      expect(onComments.length, shown).toBeGreaterThan(0);
      expect(
        onComments.every((name) => name === 'comments_rumination'),
        shown,
      ).toBe(true);
    },
  );
});
