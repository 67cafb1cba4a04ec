import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/database';
import { listFeed, listOwnMatching } from '../../server/modules/ruminations/rumination-queries';
import { listTagged, tagCountsOf } from '../../server/modules/ruminations/rumination-tags';
import { sqliteWithQueryLog } from './support/query-plans';

/**
 * The reads of tags stay index walks whatever the number of ruminations (SQLite's EXPLAIN QUERY
 * PLAN of the very queries sent, before and after ANALYZE): a list with `tag=` walks the tag's
 * range of rumination_tags newest first and probes each rumination by primary key (a card's tags
 * are read from its content, no query). The feed with a tag merges its related authors' ranges (a sort of those entries,
 * no table scan).
 */

const { sqlite, db, plansOf, describeBeforeAndAfterAnalyze, itSeeksOnly } = sqliteWithQueryLog();
const PAGE = { limit: 20, beforeId: undefined };

beforeAll(async () => {
  await migrateToLatest(db);
  const now = '2026-06-01T00:00:00.000Z';
  const user = sqlite.prepare(
    `insert into users (username, username_lower, email, email_lower, password_hash, is_active, create_tms)
     values (?, ?, ?, ?, 'x', 1, ?)`,
  );
  const rumination = sqlite.prepare(
    `insert into ruminations (author_id, content, is_published, audience_mask, create_tms, update_tms)
     values (?, 'x', ?, ?, ?, ?)`,
  );
  const tag = sqlite.prepare(
    `insert into rumination_tags (rumination_id, tag, author_id, position) values (?, ?, ?, ?)`,
  );
  const audience = sqlite.prepare(
    `insert into viewer_audiences (viewer_id, author_id, audience_mask) values (1, ?, 4)`,
  );
  sqlite.transaction(() => {
    for (let u = 1; u <= 50; u++) user.run(`u${u}`, `u${u}`, `u${u}@x`, `u${u}@x`, now);
    for (let a = 2; a <= 20; a++) audience.run(a);
    for (let i = 1; i <= 20000; i++) {
      const author = 1 + (i % 50);
      rumination.run(author, i % 3 === 0 ? 0 : 1, i % 2 === 0 ? 0 : 4, now, now);
      tag.run(i, `t${i % 40}`, author, 0);
      if (i % 5 === 0) tag.run(i, 'rare', author, 1);
    }
  })();
});
afterAll(() => db.destroy());

const TABLE_SCAN = /^SCAN (r|t|u|ruminations|rumination_tags|users)\b/;

describeBeforeAndAfterAnalyze('tag plans (after ANALYZE: %s)', () => {
  itSeeksOnly(
    [
      ['my notes with a tag', () => listTagged(db, { tag: 't7', viewerId: 1, authorId: 1 }, PAGE)],
      [
        'my published notes with a tag, after BeforeId',
        () =>
          listTagged(
            db,
            { tag: 'rare', viewerId: 1, authorId: 1, published: true },
            { limit: 20, beforeId: 9000 },
          ),
      ],
      [
        'public notes with a tag',
        () =>
          listTagged(db, { tag: 't3', viewerId: null, published: true, publicOnly: true }, PAGE),
      ],
      [
        'one author’s notes with a tag, as another reads them',
        () => listTagged(db, { tag: 't3', viewerId: 1, authorId: 3, published: true }, PAGE),
      ],
    ],
    TABLE_SCAN,
    1,
  );

  it('the account’s tag counts read the author’s range only', async () => {
    const plans = await plansOf(() => tagCountsOf(db, 1));
    expect(plans).toHaveLength(1);
    expect(
      plans[0]!.filter((line) => TABLE_SCAN.test(line)),
      plans[0]!.join('\n'),
    ).toEqual([]);
  });

  it('the feed with a tag scans no table', async () => {
    const plans = await plansOf(() => listFeed(db, 1, undefined, false, PAGE, 't5'));
    expect(plans).toHaveLength(1);
    expect(
      plans[0]!.filter((line) => TABLE_SCAN.test(line)),
      plans[0]!.join('\n'),
    ).toEqual([]);
  });

  it('a search with a tag probes the tag by primary key', async () => {
    const plans = await plansOf(() => listOwnMatching(db, 1, undefined, ['x'], PAGE, 't5'));
    for (const plan of plans) {
      expect(plan.filter((line) => /SCAN t\b|SCAN rumination_tags/.test(line))).toEqual([]);
    }
  });
});
