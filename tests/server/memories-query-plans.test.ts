import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/database';
import {
  createdTimesIn,
  listInRanges,
  noteSpanOf,
} from '../../server/modules/memories/memory-queries';
import { listOwn, listOwnMatching } from '../../server/modules/ruminations/rumination-queries';
import { listTagged } from '../../server/modules/ruminations/rumination-tags';
import { onThisDayCounts } from '../../server/modules/reminders/reminder-queries';
import { dayRange, monthRange, onThisDayRanges } from '../../src/domain/memories';
import { sqliteWithQueryLog } from './support/query-plans';

/**
 * On this day, the calendar and /my?date= read ranges of ruminations_author_created (author_id,
 * create_tms), migration 0025, whatever else the author wrote: SQLite's EXPLAIN QUERY PLAN of the
 * very queries sent, before and after ANALYZE, for an author with 50,000 notes over 17 years among
 * others'. What they sort is the days' notes only (USE TEMP B-TREE over a few rows is allowed).
 */

const { sqlite, db, plansOf, describeBeforeAndAfterAnalyze } = sqliteWithQueryLog();
const PAGE = { limit: 20, beforeId: undefined };
const ZONE = 'Europe/Madrid';
const DAY = dayRange('2016-05-03', ZONE);

beforeAll(async () => {
  await migrateToLatest(db);
  const now = '2026-06-01T00:00:00.000Z';
  const user = sqlite.prepare(
    `insert into users (username, username_lower, email, email_lower, password_hash, is_active, create_tms)
     values (?, ?, ?, ?, 'x', 1, ?)`,
  );
  sqlite.transaction(() => {
    for (let u = 1; u <= 5; u++) user.run(`u${u}`, `u${u}`, `u${u}@x`, `u${u}@x`, now);
    // Author 1: 50,000 notes, one every 2.5 hours from 2009; 10,000 of others' among them. In one
    // statement: SQLite fills it faster than a loop of inserts.
    sqlite.exec(`insert into ruminations (author_id, content, is_published, audience_mask, create_tms, update_tms)
      with recursive n(i) as (select 0 union all select i + 1 from n where i < 59999)
      select case when i % 6 = 5 then 2 + (i % 4) else 1 end, 'x', i % 3 <> 0, 0, t, t
      from (select i, strftime('%Y-%m-%dT%H:%M:%fZ', '2009-01-01', '+' || (i * 150) || ' minutes') as t from n)`);
  })();
});
afterAll(() => db.destroy());

const TABLE_SCAN = /^SCAN (r|u|t|ruminations|users|rumination_tags)\b/;

/** Every plan of `read` scans no table and reads ruminations through ruminations_author_created. */
async function expectAuthorCreatedRanges(read: () => Promise<unknown>): Promise<string[][]> {
  const plans = await plansOf(read);
  expect(plans.length).toBeGreaterThan(0);
  for (const plan of plans) {
    expect(
      plan.filter((line) => TABLE_SCAN.test(line)),
      plan.join('\n'),
    ).toEqual([]);
    expect(plan.join('\n')).toMatch(/INDEX ruminations_author_created \(author_id=\?/);
  }
  return plans;
}

describeBeforeAndAfterAnalyze('memories’ plans (after ANALYZE: %s)', () => {
  it('the author holds 50,000 notes over 17 years', () => {
    expect(
      sqlite
        .prepare(
          `select count(*) as n, min(create_tms) as first, max(create_tms) as last
          from ruminations where author_id = 1`,
        )
        .get(),
    ).toEqual({ n: 50000, first: '2009-01-01T00:00:00.000Z', last: '2026-02-10T19:00:00.000Z' });
  });

  it('on this day: the first and last notes are one index step each', async () => {
    const plans = await expectAuthorCreatedRanges(() => noteSpanOf(db, 1));
    expect(plans).toHaveLength(1);
    expect(plans[0]!.join('\n')).not.toMatch(/create_tms>/);
  });

  it('on this day: one query, one range of the index per earlier year', async () => {
    const ranges = onThisDayRanges('2026-05-03', ZONE, { first: 2009, last: 2025 });
    expect(ranges).toHaveLength(17);
    const plans = await expectAuthorCreatedRanges(() => listInRanges(db, 1, ranges, 50));
    expect(plans).toHaveLength(1);
    const seeks = plans[0]!.filter((line) =>
      line.includes('ruminations_author_created (author_id=? AND create_tms>? AND create_tms<?)'),
    );
    expect(seeks, plans[0]!.join('\n')).toHaveLength(17);
  });

  it('a reminder’s on-this-day counts: the same ranges, one seek per earlier year', async () => {
    const plans = await expectAuthorCreatedRanges(() => onThisDayCounts(db, 1, '2026-05-03', ZONE));
    // The span of the author's notes, then the counts.
    expect(plans).toHaveLength(2);
    const seeks = plans[1]!.filter((line) =>
      line.includes('ruminations_author_created (author_id=? AND create_tms>? AND create_tms<?)'),
    );
    expect(seeks, plans[1]!.join('\n')).toHaveLength(17);
  });

  it('the calendar: one range of the index, the month', async () => {
    const plans = await expectAuthorCreatedRanges(() =>
      createdTimesIn(db, 1, monthRange('2016-05', ZONE)),
    );
    expect(plans).toHaveLength(1);
    expect(plans[0]!.join('\n')).toMatch(/create_tms>\? AND create_tms<\?/);
  });

  it('/my?date=: the day’s range, with and without isPublic', async () => {
    for (const published of [undefined, true, false]) {
      await expectAuthorCreatedRanges(() => listOwn(db, 1, published, PAGE, DAY));
    }
  });

  it('/my?date= with q or tag walks its own index and filters by the day', async () => {
    for (const plan of await plansOf(() =>
      listOwnMatching(db, 1, undefined, ['x'], PAGE, undefined, DAY),
    )) {
      expect(plan.filter((line) => /^SCAN (r|ruminations|u|users)\b/.test(line))).toEqual([]);
    }
    for (const plan of await plansOf(() =>
      listTagged(db, { tag: 'x', viewerId: 1, authorId: 1, created: DAY }, PAGE),
    )) {
      expect(plan.filter((line) => TABLE_SCAN.test(line))).toEqual([]);
    }
  });
});
