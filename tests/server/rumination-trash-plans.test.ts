import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/database';
import { listRevisions } from '../../server/modules/ruminations/rumination-queries';
import {
  eraseRuminations,
  listTrash,
  trashedBefore,
  trashedIdsOf,
} from '../../server/modules/ruminations/trash-queries';
import { sqliteWithQueryLog } from './support/query-plans';

/**
 * The trash, the history and the retention sweep read an index, never a table, whatever the
 * number of ruminations (SQLite's EXPLAIN QUERY PLAN of the very queries sent, before and after
 * ANALYZE), as visibility-query-plans.test.ts checks for the lists.
 */

const { sqlite, db, captured, describeBeforeAndAfterAnalyze, itSeeksOnly } = sqliteWithQueryLog();
const AUTHOR = 1;
const CUTOFF = '2026-01-01T00:00:00.000Z';

beforeAll(async () => {
  await migrateToLatest(db);
  const now = '2026-06-01T00:00:00.000Z';
  sqlite
    .prepare(
      `insert into users (username, username_lower, email, email_lower, password_hash, is_active, create_tms)
       values ('a', 'a', 'a@x', 'a@x', 'x', 1, ?), ('b', 'b', 'b@x', 'b@x', 'x', 1, ?)`,
    )
    .run(now, now);
  const rumination = sqlite.prepare(
    `insert into ruminations (author_id, content, is_published, audience_mask, create_tms, update_tms, deleted_tms)
     values (?, 'x', 1, 0, ?, ?, ?)`,
  );
  const revision = sqlite.prepare(
    `insert into rumination_revisions (rumination_id, version, content, is_published, audience_mask, saved_tms)
     values (?, ?, 'x', 1, 0, ?)`,
  );
  const notification = sqlite.prepare(
    `insert into notifications (recipient_id, actor_id, kind, rumination_id, create_tms)
     values (1, 2, 'CommentOnMyRumination', ?, ?)`,
  );
  sqlite.transaction(() => {
    for (let i = 1; i <= 6000; i++) {
      const deleted =
        i % 10 === 0 ? new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString() : null;
      rumination.run(1 + (i % 2), now, now, deleted);
    }
    for (let i = 1; i <= 6000; i++) {
      revision.run(1 + (i % 500), i, now);
      notification.run(i, now);
    }
  })();
});
afterAll(() => db.destroy());

const TABLE_SCAN =
  /^SCAN (r|ruminations|rumination_revisions|notifications|comments|feed_entries)\b/;

const reads: [string, () => Promise<unknown>][] = [
  ['trash', () => listTrash(db, AUTHOR, CUTOFF, { limit: 20, beforeId: undefined })],
  ['trash&BeforeId', () => listTrash(db, AUTHOR, CUTOFF, { limit: 20, beforeId: 5000 })],
  [
    'trash&BeforeId not in the trash',
    () => listTrash(db, AUTHOR, CUTOFF, { limit: 20, beforeId: 5001 }),
  ],
  ['revisions', () => listRevisions(db, 7, { limit: 20, beforeId: undefined })],
  ['revisions&BeforeId', () => listRevisions(db, 7, { limit: 20, beforeId: 3000 })],
  ['the sweep', () => trashedBefore(db, '2025-01-02T00:00:00.000Z', 100)],
  ['emptying the trash', () => trashedIdsOf(db, AUTHOR)],
];

describeBeforeAndAfterAnalyze('trash and history plans (after ANALYZE: %s)', () => {
  itSeeksOnly(reads, TABLE_SCAN);

  it('erasing for good deletes through indexes (no table scan)', async () => {
    captured.length = 0;
    await db.transaction().execute(async (trx) => {
      await eraseRuminations(trx, [10]);
    });
    const deletes = captured.filter((q) => /^\s*delete\b/i.test(q.sql));
    expect(deletes).toHaveLength(7);
    for (const q of deletes) {
      const plan = (
        sqlite.prepare(`explain query plan ${q.sql}`).all(...q.parameters) as { detail: string }[]
      ).map((row) => row.detail);
      expect(
        plan.filter((line) => TABLE_SCAN.test(line)),
        `${q.sql}\n${plan.join('\n')}`,
      ).toEqual([]);
    }
  });
});
