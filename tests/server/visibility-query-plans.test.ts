import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateToLatest } from '../../server/db/database';
import { listForRumination, listReplies } from '../../server/modules/comments/comment-service';
import { listRelations } from '../../server/modules/relations/relation-service';
import {
  getRumination,
  listFeedOf,
  listMine,
  listPublicOf,
} from '../../server/modules/ruminations/rumination-service';
import { getUserProfile } from '../../server/modules/people/people-service';
import {
  ownCommentPage,
  ownRuminationPage,
  relationPage,
} from '../../server/modules/account/export-queries';
import { rebuildViewerAudiences } from '../../server/modules/relations/viewer-audiences';
import { deletePairEntries } from '../../server/modules/ruminations/feed-timeline';
import { sqliteWithQueryLog } from './support/query-plans';

/**
 * Every page must cost the same with a thousand ruminations or a million: each read is an index
 * seek, never a scan of a table, and never a sort of more rows than one page. Checked on SQLite's
 * EXPLAIN QUERY PLAN for the queries the services really send (captured from Kysely's log), both
 * before and after ANALYZE (the planner's choice may change with statistics).
 */

const { sqlite, db, captured, plansOf, describeBeforeAndAfterAnalyze, itSeeksOnly } =
  sqliteWithQueryLog();

const VIEWER = 1;
const AUTHORS = 60;
/** Photo URLs are signed with the deployment's key; any signer will do for a plan. */
const signer = () => 'sig';

beforeAll(async () => {
  await migrateToLatest(db);
  const now = new Date().toISOString();
  const user = sqlite.prepare(
    `insert into users (username, username_lower, email, email_lower, password_hash, is_active, create_tms)
     values (?, ?, ?, ?, 'x', 1, ?)`,
  );
  const relation = sqlite.prepare(
    `insert into user_relations (type, initiator_id, receiver_id, is_accepted, is_rejected, is_deleted, create_tms, update_tms)
     values (?, ?, ?, 1, 0, 0, ?, ?)`,
  );
  const rumination = sqlite.prepare(
    `insert into ruminations (author_id, content, is_published, audience_mask, create_tms, update_tms)
     values (?, 'x', ?, ?, ?, ?)`,
  );
  const comment = sqlite.prepare(
    `insert into comments (rumination_id, parent_comment_id, author_id, content, create_tms, update_tms)
     values (?, ?, ?, 'c', ?, ?)`,
  );
  sqlite.transaction(() => {
    for (let i = 1; i <= AUTHORS; i++) user.run(`u${i}`, `u${i}`, `u${i}@x`, `u${i}@x`, now);
    for (let i = 2; i <= 20; i++)
      relation.run(i % 6, i % 2 ? VIEWER : i, i % 2 ? i : VIEWER, now, now);
    // Relations among everyone else, so that the planner sees a table worth seeking in.
    for (let a = 21; a <= AUTHORS; a++) {
      for (let b = 21; b <= AUTHORS; b++) if (a !== b) relation.run((a + b) % 6, a, b, now, now);
    }
    for (let i = 0; i < 6000; i++) {
      rumination.run(1 + (i % AUTHORS), i % 3 ? 1 : 0, i % 4 ? 0 : 1 << (i % 6), now, now);
    }
    for (let i = 1; i <= 3000; i++) comment.run(1 + (i % 50), i > 50 ? i - 50 : null, 2, now, now);
    // Photos in every seventh note (up to three each), and uploads no note holds yet.
    const photo = sqlite.prepare(
      `insert into media (owner_id, rumination_id, position, alt, width, height, thumbnail_width,
         thumbnail_height, bytes, storage_key, create_tms, erase_after)
       values (?, ?, ?, '', 2048, 1536, 320, 240, 1000, 'k', ?, ?)`,
    );
    for (let r = 7; r <= 6000; r += 7) {
      for (let p = 0; p < 1 + (r % 3); p++) photo.run(1 + ((r - 1) % AUTHORS), r, p, now, null);
    }
    for (let i = 0; i < 500; i++) photo.run(1 + (i % AUTHORS), null, 0, now, now);
  })();
  await rebuildViewerAudiences(db);
});
afterAll(() => db.destroy());

const TABLE_SCAN = /^SCAN (r|c|u|ur|i|rc|ruminations|comments|users|user_relations)\b/;

const calls: [string, () => Promise<unknown>][] = [
  ['my', () => listMine(db, VIEWER, {}, signer)],
  [
    'my?isPublic=false&BeforeId',
    () => listMine(db, VIEWER, { isPublic: false, BeforeId: 5000 }, signer),
  ],
  ['my?isPublic=true', () => listMine(db, VIEWER, { isPublic: true }, signer)],
  ['public', () => listPublicOf(db, null, {}, signer)],
  ['public&BeforeId', () => listPublicOf(db, VIEWER, { BeforeId: 3000 }, signer)],
  ['public?UserId', () => listPublicOf(db, VIEWER, { UserId: 7 }, signer)],
  [
    'public?UserId&isPublic=true',
    () => listPublicOf(db, VIEWER, { UserId: 7, isPublic: true }, signer),
  ],
  ['public?UserId anonymous', () => listPublicOf(db, null, { UserId: 7 }, signer)],
  ['GET by id', () => getRumination(db, 8, VIEWER, signer).catch(() => undefined)],
  ['comments of a rumination', () => listForRumination(db, 2, VIEWER).catch(() => undefined)],
  ['replies', () => listReplies(db, 2, VIEWER).catch(() => undefined)],
  ['user profile', () => getUserProfile(db, 7)],
  ['export: a page of own comments', () => ownCommentPage(db, 2, 100)],
  ['export: a page of own ruminations', () => ownRuminationPage(db, VIEWER, 5000)],
  // Note search: the FTS index gives the caller's matching ids newest first (no sort), then rows by id.
  ['my?q=', () => listMine(db, VIEWER, { q: 'x' }, signer)],
  [
    'my?q=&isPublic=false&BeforeId',
    () => listMine(db, VIEWER, { q: 'x y', isPublic: false, BeforeId: 5000 }, signer),
  ],
];

describeBeforeAndAfterAnalyze('query plans (after ANALYZE: %s)', () => {
  itSeeksOnly(calls, TABLE_SCAN);

  it("feed: one range of the reader's feed written ahead, each entry's note read by id", async () => {
    // The page, then its photos and reactions (one query, their own test below).
    const plans = await plansOf(() => listFeedOf(db, VIEWER, {}, signer));
    expect(plans).toHaveLength(2);
    const plan = plans[0]!;
    expect(
      plan.filter((line) => TABLE_SCAN.test(line) || /^SCAN fe\b/.test(line)),
      plan.join('\n'),
    ).toEqual([]);
    // The page's ids in order from the primary key (viewer_id, rumination_id): no sort, no
    // range of related authors, however many the reader has; each entry checked again by the
    // rule (one probe of its pair in viewer_audiences).
    expect(plan.filter((line) => /^SEARCH (fe|va) /.test(line))).toEqual([
      expect.stringMatching(/^SEARCH fe USING PRIMARY KEY \(viewer_id=\?\)/),
      'SEARCH va USING PRIMARY KEY (viewer_id=? AND author_id=?)',
    ]);
    expect(
      plan.filter((line) => /TEMP B-TREE/.test(line)),
      plan.join('\n'),
    ).toEqual([]);
    expect(plan.filter((line) => /^SEARCH r /.test(line))).toEqual([
      'SEARCH r USING INTEGER PRIMARY KEY (rowid=?)',
    ]);
  });

  it("a pair's rows deleted through the author's published notes' covering index, not the notes", () => {
    const compiled = deletePairEntries(VIEWER, 2).compile(db);
    const plan = (
      sqlite.prepare(`explain query plan ${compiled.sql}`).all(...compiled.parameters) as {
        detail: string;
      }[]
    ).map((row) => row.detail);
    expect(
      plan.filter((line) => /ruminations/.test(line)),
      plan.join('\n'),
    ).toEqual([
      'SEARCH ruminations USING COVERING INDEX ruminations_author_published_id_audience (author_id=? AND is_published=?)',
    ]);
    expect(
      plan.filter((line) => /^SCAN /.test(line)),
      plan.join('\n'),
    ).toEqual([]);
  });

  it("feed?isPublic=true: the viewer's related authors, then one covering-index range per author", async () => {
    // Narrowed, the feed reads the notes themselves (feedQuery).
    const plans = await plansOf(() => listFeedOf(db, VIEWER, { isPublic: true }, signer));
    expect(plans).toHaveLength(2);
    const plan = plans[0]!;
    expect(
      plan.filter((line) => TABLE_SCAN.test(line)),
      plan.join('\n'),
    ).toEqual([]);
    expect(plan).toContain('SEARCH va USING PRIMARY KEY (viewer_id=?)');
    // Ruminations are read index only (no table row) until the page's ids are known, with the
    // per-author mask loop outside, each author's range in id order (so SQLite stops reading it
    // once its rows could not enter the page); then only the page's rows, by primary key. The
    // exception to "no sort": the page's candidate ids are sorted (ids only, from the index).
    const i = plan.indexOf('SEARCH va USING PRIMARY KEY (viewer_id=?)');
    expect(i, plan.join('\n')).toBeGreaterThanOrEqual(0);
    expect(plan[i + 1]).toMatch(
      /^SEARCH r USING COVERING INDEX ruminations_author_published_id_audience \(author_id=\? AND is_published=\?\)/,
    );
    expect(plan.filter((line) => /^SEARCH r /.test(line))).toEqual([
      plan[i + 1],
      'SEARCH r USING INTEGER PRIMARY KEY (rowid=?)',
    ]);
  });

  it.each(calls.slice(0, 9))(
    '%s: commentCount from the live-comments index alone',
    async (_n, call) => {
      const plan = (await plansOf(call)).flat();
      expect(
        plan.filter((line) => /\bc\b/.test(line) && line.startsWith('SEARCH')),
        plan.join('\n'),
      ).toEqual(['SEARCH c USING COVERING INDEX comments_rumination_live (rumination_id=?)']);
    },
  );

  it('feed: the same SQL text for every viewer and number of related authors', async () => {
    const texts = new Set<string>();
    for (const viewer of [VIEWER, 2, 30]) {
      captured.length = 0;
      await listFeedOf(db, viewer, {}, signer);
      // The page's own query; its photos' and reactions' query names the page's ids, as many as
      // it has.
      for (const q of captured) if (!/from media m /.test(q.sql)) texts.add(q.sql);
    }
    expect(texts.size).toBe(1);
  });

  it.each(calls.filter(([name]) => !name.startsWith('export')))(
    "%s: the page's photos and reactions in one query, each through its index by note",
    async (name, call) => {
      const plans = (await plansOf(call)).filter((plan) =>
        plan.some((line) => /media_rumination/.test(line)),
      );
      // At most one query per page (none for an empty one); the first pages surely have notes.
      expect(plans.length).toBeLessThanOrEqual(1);
      if (['my', 'public', 'GET by id'].includes(name)) expect(plans).toHaveLength(1);
      for (const plan of plans) {
        const reads = plan.filter((line) => /^(SEARCH|SCAN) /.test(line));
        expect(reads, plan.join('\n')).toEqual([
          expect.stringMatching(/^SEARCH m USING INDEX media_rumination \(rumination_id=\?\)/),
          expect.stringMatching(
            /^SEARCH x USING (COVERING )?INDEX sqlite_autoindex_reactions_1 \(rumination_id=\?\)/,
          ),
        ]);
      }
    },
  );

  it.each([
    ['relations list', () => listRelations(db, VIEWER, {})],
    ['export: a page of relations', () => relationPage(db, VIEWER, 3)],
  ])('%s: seeks by either side of the caller', async (_name, call) => {
    const plans = await plansOf(call);
    for (const plan of plans) {
      expect(
        plan.filter((line) => TABLE_SCAN.test(line)),
        plan.join('\n'),
      ).toEqual([]);
    }
  });
});
