import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Comment } from '../../src/api/comment-schemas';
import type { Notification } from '../../src/api/notification-schemas';
import { relationTypeOfAudience } from '../../src/domain/relation-types';
import { migrateToLatest } from '../../server/db/database';
import { eraseAccount } from '../../server/modules/account/account-erasure';
import {
  recipientOf,
  type NotificationPublisher,
} from '../../server/modules/notifications/notification-events';
import {
  countUnread,
  listNotifications,
  listNotificationsAfter,
  markRead,
} from '../../server/modules/notifications/notification-service';
import { sqliteWithQueryLog } from './support/query-plans';
import { setUpTestApp } from './support/test-app';
import {
  call,
  person,
  relation,
  requestRelation,
  writeRumination,
  type Person,
} from './ruminations-support';

/**
 * /api/notifications (api-contract.md "Notifications"): who is told of what, what is shown, paging,
 * marking read, erasure, and the publish hook. Which notifications the visibility rule shows is
 * tested case by case in notification-privacy.test.ts.
 */

const t = setUpTestApp();
/** Whom each publish since the last reset told, in order (the stream module installs the real one). */
let published: number[][] = [];
beforeAll(async () => {
  const recorder: NotificationPublisher = {
    publish: (news) => published.push(news.map(recipientOf)),
  };
  // Installed on the root instance, where the stream module decorates it; modules inherit it.
  (t.app as unknown as { notificationPublisher: NotificationPublisher }).notificationPublisher =
    recorder;
});
beforeEach(() => {
  published = [];
});

async function list(as: Person, query = ''): Promise<Notification[]> {
  const res = await call(t, 'GET', `/api/notifications${query}`, { as });
  if (res.statusCode !== 200) throw new Error(`list failed: ${res.statusCode} ${res.body}`);
  return res.json<Notification[]>();
}

async function unread(as: Person): Promise<number> {
  const res = await call(t, 'GET', '/api/notifications/unread-count', { as });
  if (res.statusCode !== 200) throw new Error(`count failed: ${res.statusCode} ${res.body}`);
  return res.json<{ count: number }>().count;
}

async function comment(as: Person, body: Record<string, unknown>): Promise<Comment> {
  const res = await call(t, 'POST', '/api/comments', { as, body: { content: 'words', ...body } });
  if (res.statusCode !== 201) throw new Error(`comment failed: ${res.statusCode} ${res.body}`);
  return res.json<Comment>();
}

async function readUpTo(as: Person, upToId: unknown) {
  return call(t, 'PUT', '/api/notifications/read', { as, body: { upToId } });
}

const kinds = (ns: Notification[]) => ns.map((n) => n.kind);
const ref = (p: Person) => ({ id: p.id, username: p.username, displayName: p.username });

describe('authentication', () => {
  it('answers 401 without a token', async () => {
    expect((await call(t, 'GET', '/api/notifications')).statusCode).toBe(401);
    expect((await call(t, 'GET', '/api/notifications/unread-count')).statusCode).toBe(401);
    const res = await call(t, 'PUT', '/api/notifications/read', { body: { upToId: 1 } });
    expect(res.statusCode).toBe(401);
  });
});

describe('relation notifications', () => {
  it('tells the receiver of a request and the initiator of its acceptance', async () => {
    const alice = await person(t);
    const bob = await person(t);
    const request = await requestRelation(t, alice, bob, 1);
    expect(published).toEqual([[bob.id]]);
    const [requested] = await list(bob);
    expect(requested).toEqual({
      id: expect.any(Number),
      kind: 'RelationRequested',
      createTMS: expect.any(String),
      isRead: false,
      actor: ref(alice),
      ruminationId: null,
      commentId: null,
      relationId: request.id,
      relationType: 1,
    });
    expect(await list(alice)).toEqual([]);
    expect(await unread(bob)).toBe(1);

    const res = await call(t, 'PUT', `/api/UserRelations/${request.id}/accept`, { as: bob });
    expect(res.statusCode).toBe(200);
    expect(published).toEqual([[bob.id], [alice.id]]);
    expect(await list(alice)).toEqual([
      expect.objectContaining({
        kind: 'RelationAccepted',
        actor: ref(bob),
        relationId: request.id,
        relationType: 1,
        ruminationId: null,
        commentId: null,
      }),
    ]);
    // The accepted request stays with its receiver.
    expect(kinds(await list(bob))).toEqual(['RelationRequested']);

    // Ending the relation keeps both: they are about a relation, not a note.
    published = [];
    const end = await call(t, 'DELETE', `/api/UserRelations/${request.id}`, { as: alice });
    expect(end.statusCode).toBe(204);
    expect(published.flat().sort()).toEqual([alice.id, bob.id].sort());
    expect(kinds(await list(alice))).toEqual(['RelationAccepted']);
    expect(kinds(await list(bob))).toEqual(['RelationRequested']);
  });

  it('tells nobody new of a rejection, and the rejected request stays', async () => {
    const alice = await person(t);
    const bob = await person(t);
    const request = await requestRelation(t, alice, bob, 2);
    published = [];
    const res = await call(t, 'PUT', `/api/UserRelations/${request.id}/reject`, { as: bob });
    expect(res.statusCode).toBe(200);
    expect(published.flat().sort()).toEqual([alice.id, bob.id].sort());
    expect(await list(alice)).toEqual([]);
    expect(kinds(await list(bob))).toEqual(['RelationRequested']);
  });

  it('drops an unread request when it is cancelled, but keeps a read one', async () => {
    const alice = await person(t);
    const bob = await person(t);
    const first = await requestRelation(t, alice, bob, 1);
    published = [];
    expect(
      (await call(t, 'DELETE', `/api/UserRelations/${first.id}`, { as: alice })).statusCode,
    ).toBe(204);
    expect(published.flat().sort()).toEqual([alice.id, bob.id].sort());
    expect(await list(bob)).toEqual([]);
    expect(await unread(bob)).toBe(0);

    const second = await requestRelation(t, alice, bob, 1);
    const [shown] = await list(bob);
    expect((await readUpTo(bob, shown!.id)).statusCode).toBe(204);
    await call(t, 'DELETE', `/api/UserRelations/${second.id}`, { as: alice });
    expect(await list(bob)).toEqual([
      expect.objectContaining({ kind: 'RelationRequested', relationId: second.id, isRead: true }),
    ]);
    expect(await unread(bob)).toBe(0);
  });

  it('tells nobody of a refused request', async () => {
    const alice = await person(t);
    const bob = await person(t);
    await requestRelation(t, alice, bob, 1);
    published = [];
    const twice = await call(t, 'POST', '/api/UserRelations', {
      as: alice,
      body: { userId: bob.id, relationType: 1 },
    });
    expect(twice.statusCode).toBe(409);
    expect(published).toEqual([]);
    expect(await list(bob)).toHaveLength(1);
  });
});

describe('comment notifications', () => {
  let author: Person;
  let bea: Person;
  let cal: Person;
  let ruminationId: number;
  beforeEach(async () => {
    author = await person(t);
    bea = await person(t);
    cal = await person(t);
    ruminationId = (await writeRumination(t, author)).id;
    published = [];
  });

  it("tells the rumination's author of a top-level comment, with ids and names only", async () => {
    const c = await comment(bea, { ruminationId, content: 'a secret remark' });
    expect(published).toEqual([[author.id]]);
    const res = await call(t, 'GET', '/api/notifications', { as: author });
    expect(res.body).not.toContain('secret');
    expect(res.json<Notification[]>()).toEqual([
      {
        id: expect.any(Number),
        kind: 'CommentOnMyRumination',
        createTMS: expect.any(String),
        isRead: false,
        actor: ref(bea),
        ruminationId,
        commentId: c.id,
        relationId: null,
        relationType: null,
      },
    ]);
    expect(await list(bea)).toEqual([]);
  });

  it('never tells anyone of their own comment or reply', async () => {
    const own = await comment(author, { ruminationId });
    await comment(author, { parentCommentId: own.id });
    expect(published).toEqual([]);
    expect(await list(author)).toEqual([]);
  });

  it("tells the parent's author and the rumination's author of a reply, once each", async () => {
    const top = await comment(bea, { ruminationId });
    published = [];
    const reply = await comment(cal, { parentCommentId: top.id });
    expect(published.flat().sort()).toEqual([author.id, bea.id].sort());
    expect(await list(bea)).toEqual([
      expect.objectContaining({ kind: 'ReplyToMyComment', commentId: reply.id, ruminationId }),
    ]);
    const toAuthor = (await list(author)).filter((n) => n.commentId === reply.id);
    expect(toAuthor).toEqual([
      expect.objectContaining({ kind: 'CommentOnMyRumination', actor: ref(cal) }),
    ]);
  });

  it("gives ReplyToMyComment alone when the parent's author wrote the rumination", async () => {
    const top = await comment(author, { ruminationId });
    const reply = await comment(bea, { parentCommentId: top.id });
    expect(published).toEqual([[author.id]]);
    const about = (await list(author)).filter((n) => n.commentId === reply.id);
    expect(kinds(about)).toEqual(['ReplyToMyComment']);
  });

  it('reaches the rumination author from anywhere in its threads, but not the replier', async () => {
    const top = await comment(bea, { ruminationId });
    // Bea answers herself: only the rumination's author hears of it.
    const selfReply = await comment(bea, { parentCommentId: top.id });
    const deep = await comment(cal, { parentCommentId: selfReply.id });
    const toAuthor = await list(author);
    expect(toAuthor.map((n) => [n.kind, n.commentId])).toEqual([
      ['CommentOnMyRumination', deep.id],
      ['CommentOnMyRumination', selfReply.id],
      ['CommentOnMyRumination', top.id],
    ]);
    expect((await list(bea)).map((n) => [n.kind, n.commentId])).toEqual([
      ['ReplyToMyComment', deep.id],
    ]);
    // The author replying to Bea tells Bea only.
    published = [];
    await comment(author, { parentCommentId: top.id });
    expect(published).toEqual([[bea.id]]);
  });

  it('writes nothing for a refused comment and once for a replayed one', async () => {
    const draft = await writeRumination(t, author, { publish: false });
    published = [];
    const refused = await call(t, 'POST', '/api/comments', {
      as: author,
      body: { content: 'x', ruminationId: draft.id },
    });
    expect(refused.statusCode).toBe(409);
    const headers = { 'Idempotency-Key': `notify-${bea.id}-once` };
    const body = { content: 'queued offline', ruminationId };
    const first = await call(t, 'POST', '/api/comments', { as: bea, body, headers });
    const again = await call(t, 'POST', '/api/comments', { as: bea, body, headers });
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(published).toEqual([[author.id]]);
    expect(await list(author)).toHaveLength(1);
  });

  it('hides one whose comment was deleted, from the list and the count', async () => {
    const c = await comment(bea, { ruminationId });
    const kept = await comment(cal, { ruminationId });
    expect(await unread(author)).toBe(2);
    expect((await call(t, 'DELETE', `/api/comments/${c.id}`, { as: bea })).statusCode).toBe(204);
    expect((await list(author)).map((n) => n.commentId)).toEqual([kept.id]);
    expect(await unread(author)).toBe(1);
  });

  it('hides one whose rumination was deleted', async () => {
    const top = await comment(author, { ruminationId });
    await comment(bea, { parentCommentId: top.id });
    expect(await unread(author)).toBe(1);
    const res = await call(t, 'DELETE', `/api/ruminations/${ruminationId}`, { as: author });
    expect(res.statusCode).toBe(204);
    expect(await list(author)).toEqual([]);
    expect(await unread(author)).toBe(0);
  });

  it('hides one about a note shared through a relation once that relation ends', async () => {
    const friend = relationTypeOfAudience('Friend');
    const relationId = await relation(t.db, author, bea, friend, 'accepted');
    const shared = await writeRumination(t, author, { audiences: ['Friend'] });
    const top = await comment(bea, { ruminationId: shared.id });
    await comment(author, { parentCommentId: top.id });
    expect(kinds(await list(bea))).toEqual(['ReplyToMyComment']);
    expect(await unread(bea)).toBe(1);
    expect(
      (await call(t, 'DELETE', `/api/UserRelations/${relationId}`, { as: bea })).statusCode,
    ).toBe(204);
    expect(await list(bea)).toEqual([]);
    expect(await unread(bea)).toBe(0);
    // The author still sees Bea's comment on their own note.
    expect(kinds(await list(author))).toEqual(['CommentOnMyRumination']);
  });
});

/** `count` CommentOnMyRumination notifications to a new person; their ids, oldest first. */
async function manyNotifications(count: number): Promise<{ me: Person; ids: number[] }> {
  const me = await person(t);
  const other = await person(t);
  const ruminationId = (await writeRumination(t, me)).id;
  const commentIds: number[] = [];
  for (let i = 0; i < count; i++) commentIds.push((await comment(other, { ruminationId })).id);
  const ids = (await list(me, '?Limit=100')).map((n) => n.id).reverse();
  expect(ids).toHaveLength(count);
  return { me, ids };
}

describe('GET /api/notifications paging', () => {
  it('gives 20 newest first by default, Limit and BeforeId page on', async () => {
    const { me, ids } = await manyNotifications(25);
    const newestFirst = [...ids].reverse();
    expect((await list(me)).map((n) => n.id)).toEqual(newestFirst.slice(0, 20));
    expect((await list(me, '?Limit=5')).map((n) => n.id)).toEqual(newestFirst.slice(0, 5));
    const before = newestFirst[4]!;
    expect((await list(me, `?Limit=3&BeforeId=${before}`)).map((n) => n.id)).toEqual(
      newestFirst.slice(5, 8),
    );
    // Query names match ignoring case.
    expect((await list(me, `?limit=2&beforeid=${before}`)).map((n) => n.id)).toEqual(
      newestFirst.slice(5, 7),
    );
    expect((await list(me, `?BeforeId=${ids[0]!}`)).map((n) => n.id)).toEqual([]);
  });

  it('refuses a bad Limit or BeforeId (400)', async () => {
    const me = await person(t);
    for (const query of ['?Limit=101', '?Limit=0', '?Limit=x', '?BeforeId=0', '?BeforeId=x']) {
      const res = await call(t, 'GET', `/api/notifications${query}`, { as: me });
      expect(res.statusCode, query).toBe(400);
    }
    expect((await call(t, 'GET', '/api/notifications?Limit=100', { as: me })).statusCode).toBe(200);
  });
});

describe('PUT /api/notifications/read', () => {
  it("marks only the caller's, only up to upToId, and the count follows", async () => {
    const { me, ids } = await manyNotifications(4);
    const { me: someoneElse } = await manyNotifications(2);
    const othersBefore = await list(someoneElse);
    published = [];
    const res = await readUpTo(me, String(ids[1]));
    expect(res.statusCode).toBe(204);
    expect(published).toEqual([[me.id]]);
    expect((await list(me)).map((n) => [n.id, n.isRead])).toEqual([
      [ids[3], false],
      [ids[2], false],
      [ids[1], true],
      [ids[0], true],
    ]);
    expect(await unread(me)).toBe(2);
    // Another person's ids, even below upToId, are untouched by it.
    expect(await readUpTo(me, Math.max(...othersBefore.map((n) => n.id)))).toMatchObject({
      statusCode: 204,
    });
    expect(await list(someoneElse)).toEqual(othersBefore);
    expect(await unread(someoneElse)).toBe(2);
    expect(await unread(me)).toBe(0);
  });

  it('refuses a missing or invalid upToId (400)', async () => {
    const me = await person(t);
    for (const body of [{}, { upToId: 0 }, { upToId: -1 }, { upToId: 'x' }, { upToId: 1.5 }]) {
      const res = await call(t, 'PUT', '/api/notifications/read', { as: me, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('the service used by the live stream', () => {
  it('replays oldest first after an id, visible only, and counts alike', async () => {
    const { me, ids } = await manyNotifications(5);
    const replay = await listNotificationsAfter(t.db, me.id, ids[1]!, 2);
    expect(replay.map((n) => n.id)).toEqual([ids[2], ids[3]]);
    expect((await listNotifications(t.db, me.id, { Limit: 2 })).map((n) => n.id)).toEqual([
      ids[4],
      ids[3],
    ]);
    await markRead(t.db, me.id, ids[2]!);
    expect(await countUnread(t.db, me.id)).toBe(2);
  });
});

describe('account erasure', () => {
  it('removes the notifications to and from the erased person', async () => {
    const leaver = await person(t);
    const friend = await person(t);
    const leaversNote = await writeRumination(t, leaver);
    const friendsNote = await writeRumination(t, friend);
    await comment(friend, { ruminationId: leaversNote.id });
    await comment(leaver, { ruminationId: friendsNote.id });
    await requestRelation(t, leaver, friend, 1);
    const bystander = await person(t);
    await comment(bystander, { ruminationId: friendsNote.id });
    expect(await list(leaver)).toHaveLength(1);
    expect(await list(friend)).toHaveLength(3);

    await t.db.transaction().execute((trx) => eraseAccount(trx, leaver.id));
    const rows = await t.db
      .selectFrom('notifications')
      .select('id')
      .where((eb) => eb.or([eb('recipient_id', '=', leaver.id), eb('actor_id', '=', leaver.id)]))
      .execute();
    expect(rows).toEqual([]);
    expect((await list(friend)).map((n) => n.actor.id)).toEqual([bystander.id]);
  });
});

describe('query plans (SQLite)', () => {
  const { sqlite, db, plansOf } = sqliteWithQueryLog();

  beforeAll(async () => {
    await migrateToLatest(db);
    const now = new Date().toISOString();
    sqlite.transaction(() => {
      const user = sqlite.prepare(
        `insert into users (username, username_lower, email, email_lower, password_hash, is_active, create_tms)
         values (?, ?, ?, ?, 'x', 1, ?)`,
      );
      for (let i = 1; i <= 50; i++) user.run(`u${i}`, `u${i}`, `u${i}@x`, `u${i}@x`, now);
      const rumination = sqlite.prepare(
        `insert into ruminations (author_id, content, is_published, audience_mask, create_tms, update_tms)
         values (?, 'x', 1, 0, ?, ?)`,
      );
      for (let i = 1; i <= 500; i++) rumination.run(1 + (i % 50), now, now);
      const notification = sqlite.prepare(
        `insert into notifications (recipient_id, actor_id, kind, rumination_id, comment_id, is_read, create_tms)
         values (?, ?, 'CommentOnMyRumination', ?, null, ?, ?)`,
      );
      for (let i = 1; i <= 5000; i++)
        notification.run(1 + (i % 50), 2, 1 + (i % 500), i % 3 ? 1 : 0, now);
    })();
    sqlite.exec('analyze');
  });
  afterAll(() => db.destroy());

  async function planOf(run: () => Promise<unknown>): Promise<string[]> {
    const plans = await plansOf(run);
    expect(plans).toHaveLength(1);
    return plans[0]!;
  }

  it.each([
    ['list', () => listNotifications(db, 7, { BeforeId: 4000 }), 'notifications_recipient'],
    ['replay', () => listNotificationsAfter(db, 7, 100, 20), 'notifications_recipient'],
    ['unread count', () => countUnread(db, 7), 'notifications_recipient_unread'],
  ] as const)('%s: one index range of the recipient, no scan, no sort', async (_n, run, index) => {
    const plan = await planOf(run);
    expect(
      plan.some((line) => line.includes(`USING INDEX ${index} `)),
      plan.join('\n'),
    ).toBe(true);
    expect(plan.filter((line) => /^SCAN /.test(line) || line.includes('TEMP B-TREE'))).toEqual([]);
  });
});
