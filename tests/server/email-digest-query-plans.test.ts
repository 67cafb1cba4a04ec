import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/database';
import { peopleWithDigest, unreadVisibleAfter } from '../../server/modules/digests/digest-queries';
import { sqliteWithQueryLog } from './support/query-plans';

/** The email digests' queries use their partial indexes, on a database of the test's own. */

describe('query plans (SQLite)', () => {
  it('reads people with a digest and their unread news through the partial indexes', async () => {
    const { sqlite, db, plansOf } = sqliteWithQueryLog();
    try {
      await migrateToLatest(db);
      const now = new Date().toISOString();
      sqlite.exec('begin');
      const user = sqlite.prepare(
        `insert into users (username, username_lower, email, email_lower, password_hash, is_active,
          token_version, create_tms, display_name, display_name_fold)
         values (?, ?, ?, ?, 'x', 1, 0, ?, ?, ?)`,
      );
      const prefs = sqlite.prepare(
        `insert into user_preferences (user_id, default_audiences, email_digest, push_off, update_tms)
         values (?, 0, ?, '', ?)`,
      );
      for (let i = 1; i <= 5000; i++) {
        const name = `u${i}`;
        const { lastInsertRowid } = user.run(
          name,
          name,
          `${name}@x.test`,
          `${name}@x.test`,
          now,
          name,
          name,
        );
        prefs.run(lastInsertRowid, i % 100 === 0 ? 'daily' : 'off', now);
      }
      // The first person's history: many notifications read, two unread.
      const notify = sqlite.prepare(
        `insert into notifications (recipient_id, actor_id, kind, is_read, create_tms)
         values (1, 2, 'RelationAccepted', ?, ?)`,
      );
      for (let i = 0; i < 3000; i++) notify.run(i < 2998 ? 1 : 0, now);
      sqlite.exec('commit');
      for (const analyzed of [false, true]) {
        if (analyzed) sqlite.exec('analyze');
        const plans = await plansOf(() => peopleWithDigest(db, 'daily', 0, 100));
        const plan = plans.flat().join('\n');
        expect(plan, plan).toContain('user_preferences_digest');
        expect(plan).not.toMatch(/SCAN|TEMP B-TREE/);
        expect(await peopleWithDigest(db, 'daily', 0, 100)).toHaveLength(50);
        // What is new for one person: the unread rows through their partial index, not the read.
        const news = (await plansOf(() => unreadVisibleAfter(db, 1, 0, 500))).flat().join('\n');
        expect(news, news).toContain('notifications_recipient_unread');
        expect(await unreadVisibleAfter(db, 1, 0, 500)).toHaveLength(2);
      }
    } finally {
      await db.destroy();
    }
  });
});
