import { describe, expect, it } from 'vitest';
import { accountExport } from '../../src/api/account-schemas';
import { TRASH_RETENTION_SECONDS_DEFAULT } from '../../src/api/limits';
import { trashedRumination, type TrashedRumination } from '../../src/api/rumination-schemas';
import { createRumination, DEFAULT_TEST_PASSWORD } from '../../mocks/store/factories';
import { getDb } from '../../mocks/store/db';
import { moveToTrash } from '../../mocks/store/rumination-changes';
import { api, setupMockBackend, type Json } from './mock-backend';
import { commentBy, people, relate, type StorePerson } from '../support/store-people';

/**
 * The trash in the mock backend (api-contract.md "Trash"): delete, list, restore, delete for good,
 * empty, the retention; and a trashed rumination gone for everyone on every path.
 */

setupMockBackend();

const FRIEND = 2;
const DAY_MS = 24 * 60 * 60 * 1000;
const ids = (list: Json[]) => list.map((r: Json) => r.id as number);

async function trash(as: StorePerson, query = ''): Promise<TrashedRumination[]> {
  const res = await api('GET', `/api/ruminations/trash${query}`, { token: as.token });
  if (res.status !== 200) throw new Error(`trash failed: ${res.status}`);
  return (res.json as unknown[]).map((item) => trashedRumination.parse(item));
}

async function remove(as: StorePerson, id: number): Promise<void> {
  const res = await api('DELETE', `/api/ruminations/${id}`, { token: as.token });
  if (res.status !== 204) throw new Error(`delete failed: ${res.status}`);
}

/** A time `days` ago, as a deletion long past would have stored it. */
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

const RETENTION_DAYS = TRASH_RETENTION_SECONDS_DEFAULT / (24 * 60 * 60);

describe('the trash', () => {
  it('lists what its author deleted, in the rumination shape with deletedTMS; no one else sees it', async () => {
    const { alice, bob } = people();
    const created = await api('POST', '/api/ruminations', {
      token: alice.token,
      body: { content: 'to the trash', publish: true, audiences: ['BestFriend'] },
    });
    commentBy(bob, created.json.id);
    const before = Date.now();
    await remove(alice, created.json.id);
    const [item, ...rest] = await trash(alice);
    expect(rest).toEqual([]);
    const { deletedTMS, ...shape } = item!;
    expect(shape).toEqual({ ...created.json, commentCount: 1 });
    expect(Date.parse(deletedTMS)).toBeGreaterThanOrEqual(before - 5);
    expect(await trash(bob)).toEqual([]);
    expect((await api('GET', '/api/ruminations/trash')).status).toBe(401);
    // Its author reaches it only through the trash.
    for (const [method, path, body] of [
      ['GET', `/api/ruminations/${item!.id}`, undefined],
      ['PUT', `/api/ruminations/${item!.id}`, { content: 'x', publish: true }],
      ['DELETE', `/api/ruminations/${item!.id}`, undefined],
      ['GET', `/api/comments/rumination/${item!.id}`, undefined],
      ['POST', '/api/comments', { content: 'x', ruminationId: item!.id }],
    ] as const) {
      expect((await api(method, path, { token: alice.token, body })).status, path).toBe(404);
    }
  });

  it('is most recently deleted first, and pages with BeforeId without skipping or repeating', async () => {
    const { alice } = people();
    const made = Array.from({ length: 5 }, () => createRumination({ authorId: alice.user.id }));
    // Deleted out of id order: 3, 0, 4, 1, 2.
    for (const i of [3, 0, 4, 1, 2]) await remove(alice, made[i]!.id);
    const expected = [2, 1, 4, 0, 3].map((i) => made[i]!.id);
    expect((await trash(alice)).map((x) => x.id)).toEqual(expected);
    const seen: number[] = [];
    let query = '?Limit=2';
    for (;;) {
      const page = await trash(alice, query);
      if (page.length === 0) break;
      seen.push(...page.map((x) => x.id));
      query = `?Limit=2&BeforeId=${page.at(-1)!.id}`;
    }
    expect(seen).toEqual(expected);
    const zero = await api('GET', '/api/ruminations/trash?Limit=0', { token: alice.token });
    expect(zero.status).toBe(400);
  });

  it('restore puts it back as it was: same version, comments and history; 200 with ETag', async () => {
    const { alice, bob } = people();
    relate(alice, bob, FRIEND);
    const r = createRumination({ authorId: alice.user.id, content: 'first', audiences: [FRIEND] });
    const edited = await api('PUT', `/api/ruminations/${r.id}`, {
      token: alice.token,
      body: { content: 'second', audiences: ['Friend'], publish: true },
    });
    const comment = await api('POST', '/api/comments', {
      token: bob.token,
      body: { ruminationId: r.id, content: 'kept' },
    });
    expect(comment.status).toBe(201);
    await remove(alice, r.id);
    const feed = await api('GET', '/api/ruminations/feed', { token: bob.token });
    expect(ids(feed.json)).not.toContain(r.id);

    const res = await api('POST', `/api/ruminations/${r.id}/restore`, { token: alice.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('ETag')).toBe('"2"');
    expect(res.json).toEqual({ ...edited.json, commentCount: 1 });
    expect(await trash(alice)).toEqual([]);
    const feedAfter = await api('GET', '/api/ruminations/feed', { token: bob.token });
    expect(ids(feedAfter.json)).toContain(r.id);
    const comments = await api('GET', `/api/comments/rumination/${r.id}`, { token: bob.token });
    expect(comments.json.map((c: Json) => c.content)).toEqual(['kept']);
    const history = await api('GET', `/api/ruminations/${r.id}/revisions`, { token: alice.token });
    expect(history.json.map((x: Json) => x.content)).toEqual(['first']);
  });

  it("restore: 404 for a live rumination, someone else's trash, or an unknown id", async () => {
    const { alice, bob } = people();
    const live = createRumination({ authorId: alice.user.id });
    const theirs = createRumination({ authorId: bob.user.id });
    await remove(bob, theirs.id);
    for (const id of [live.id, theirs.id, theirs.id + 10_000]) {
      const res = await api('POST', `/api/ruminations/${id}/restore`, { token: alice.token });
      expect(res.status).toBe(404);
      expect(res.json.title).toBe('Rumination not found');
    }
  });

  it('delete for good erases it with comments, revisions and notifications; 409 when not in the trash', async () => {
    const { alice, bob } = people();
    const r = createRumination({ authorId: alice.user.id, content: 'one' });
    await api('PUT', `/api/ruminations/${r.id}`, {
      token: alice.token,
      body: { content: 'two', publish: true },
    });
    await api('POST', '/api/comments', {
      token: bob.token,
      body: { ruminationId: r.id, content: 'hello' },
    });
    const live = await api('DELETE', `/api/ruminations/${r.id}/permanent`, { token: alice.token });
    expect(live.status).toBe(409);
    expect(live.json.title).toBe('Only a rumination in the trash can be deleted for good');
    const notYours = await api('DELETE', `/api/ruminations/${r.id}/permanent`, {
      token: bob.token,
    });
    expect(notYours.status).toBe(403);
    await remove(alice, r.id);
    const hidden = await api('DELETE', `/api/ruminations/${r.id}/permanent`, { token: bob.token });
    expect(hidden.status).toBe(404);

    const res = await api('DELETE', `/api/ruminations/${r.id}/permanent`, { token: alice.token });
    expect(res.status).toBe(204);
    expect(await trash(alice)).toEqual([]);
    const restore = await api('POST', `/api/ruminations/${r.id}/restore`, { token: alice.token });
    expect(restore.status).toBe(404);
    const db = getDb();
    expect(db.comments.filter((c) => c.ruminationId === r.id)).toEqual([]);
    expect(db.revisions.filter((v) => v.ruminationId === r.id)).toEqual([]);
    expect(db.notifications.filter((n) => n.ruminationId === r.id)).toEqual([]);
  });

  it("empty trash erases every one of the caller's, and no one else's", async () => {
    const { alice, bob } = people();
    const mine = [
      createRumination({ authorId: alice.user.id }),
      createRumination({ authorId: alice.user.id }),
    ];
    const kept = createRumination({ authorId: alice.user.id });
    const theirs = createRumination({ authorId: bob.user.id });
    for (const r of mine) await remove(alice, r.id);
    await remove(bob, theirs.id);
    const res = await api('DELETE', '/api/ruminations/trash', { token: alice.token });
    expect(res.status).toBe(204);
    expect(await trash(alice)).toEqual([]);
    expect((await trash(bob)).map((x) => x.id)).toEqual([theirs.id]);
    const my = await api('GET', '/api/ruminations/my', { token: alice.token });
    expect(ids(my.json)).toEqual([kept.id]);
  });

  it('/api/ruminations/trash is the trash, never a rumination id', async () => {
    const { alice } = people();
    const r = createRumination({ authorId: alice.user.id });
    const token = alice.token;
    expect((await api('GET', '/api/ruminations/trash', { token })).json).toEqual([]);
    expect((await api('DELETE', '/api/ruminations/trash', { token })).status).toBe(204);
    expect((await api('GET', `/api/ruminations/${r.id}`, { token })).status).toBe(200);
  });
});

describe('the retention', () => {
  it('past TRASH_RETENTION_SECONDS a rumination is erased for good: out of the trash, 404 to restore', async () => {
    const { alice, bob } = people();
    const old = createRumination({ authorId: alice.user.id, content: 'long ago' });
    const recent = createRumination({ authorId: alice.user.id, content: 'lately' });
    commentBy(bob, old.id);
    await api('PUT', `/api/ruminations/${old.id}`, {
      token: alice.token,
      body: { content: 'long ago, edited', publish: true },
    });
    moveToTrash(old, daysAgo(RETENTION_DAYS + 1));
    moveToTrash(recent, daysAgo(RETENTION_DAYS - 1));

    expect((await trash(alice)).map((x) => x.id)).toEqual([recent.id]);
    const restoreOld = await api('POST', `/api/ruminations/${old.id}/restore`, {
      token: alice.token,
    });
    expect(restoreOld.status).toBe(404);
    const db = getDb();
    expect(db.ruminations.map((r) => r.id)).toEqual([recent.id]);
    expect(db.comments.filter((c) => c.ruminationId === old.id)).toEqual([]);
    expect(db.revisions.filter((v) => v.ruminationId === old.id)).toEqual([]);

    const restoreRecent = await api('POST', `/api/ruminations/${recent.id}/restore`, {
      token: alice.token,
    });
    expect(restoreRecent.status).toBe(200);
  });
});

describe('a trashed rumination is gone for everyone else, on every path, at once', () => {
  it('lists, search, comments, notifications, counts and the export leave it out; restore brings it all back', async () => {
    const { alice, bob } = people();
    relate(alice, bob, FRIEND);
    const shared = createRumination({
      authorId: alice.user.id,
      content: 'A note for friends about gardens',
      audiences: [FRIEND],
    });
    const open = createRumination({ authorId: alice.user.id, content: 'Public gardens' });
    const bobsComment = await api('POST', '/api/comments', {
      token: bob.token,
      body: { ruminationId: shared.id, content: 'Lovely' },
    });
    const aliceReply = await api('POST', '/api/comments', {
      token: alice.token,
      body: { parentCommentId: bobsComment.json.id, content: 'Thanks' },
    });
    await api('POST', '/api/comments', {
      token: bob.token,
      body: { ruminationId: open.id, content: 'On the public one' },
    });

    const seen = async () => ({
      feed: ids((await api('GET', '/api/ruminations/feed', { token: bob.token })).json),
      publicAll: ids((await api('GET', '/api/ruminations/public')).json),
      publicOfAlice: ids(
        (
          await api('GET', `/api/ruminations/public?UserId=${alice.user.id}`, {
            token: bob.token,
          })
        ).json,
      ),
      my: ids((await api('GET', '/api/ruminations/my', { token: alice.token })).json),
      search: ids((await api('GET', '/api/ruminations/my?q=gardens', { token: alice.token })).json),
      readByBob: (await api('GET', `/api/ruminations/${open.id}`, { token: bob.token })).status,
      commentsOfOpen: (await api('GET', `/api/comments/rumination/${open.id}`)).status,
      notificationsOfBob: (await api('GET', '/api/notifications', { token: bob.token })).json.map(
        (n: Json) => n.ruminationId,
      ),
      notificationsOfAlice: (
        await api('GET', '/api/notifications', { token: alice.token })
      ).json.map((n: Json) => n.ruminationId),
      unreadOfAlice: (await api('GET', '/api/notifications/unread-count', { token: alice.token }))
        .json.count,
      publicCount: (await api('GET', `/api/users/${alice.user.id}`)).json.publicRuminationCount,
      exported: accountExport.parse(
        (await api('GET', '/api/account/export?format=json', { token: alice.token })).json,
      ),
      exportedByBob: accountExport.parse(
        (await api('GET', '/api/account/export?format=json', { token: bob.token })).json,
      ),
    });

    const before = await seen();
    expect(before.feed).toEqual([open.id, shared.id]);
    expect(before.notificationsOfAlice).toEqual([open.id, shared.id]);
    expect(before.notificationsOfBob).toEqual([shared.id]);
    expect(before.publicCount).toBe(1);

    await remove(alice, open.id);
    await remove(alice, shared.id);
    const during = await seen();
    expect(during).toMatchObject({
      feed: [],
      publicAll: [],
      publicOfAlice: [],
      my: [],
      search: [],
      readByBob: 404,
      commentsOfOpen: 404,
      notificationsOfBob: [],
      notificationsOfAlice: [],
      unreadOfAlice: 0,
      publicCount: 0,
    });
    expect(during.exported.ruminations).toEqual([]);
    expect(during.exported.comments).toEqual([]);
    expect(during.exportedByBob.comments).toEqual([]);
    // Comments of a trashed rumination cannot be replied to, edited or deleted.
    const reply = await api('POST', '/api/comments', {
      token: bob.token,
      body: { parentCommentId: aliceReply.json.id, content: 'Still there?' },
    });
    expect(reply.status).toBe(404);
    const editOwn = await api('PUT', `/api/comments/${bobsComment.json.id}`, {
      token: bob.token,
      body: { id: bobsComment.json.id, content: 'Edited' },
    });
    expect(editOwn.status).toBe(404);
    const deleteOwn = await api('DELETE', `/api/comments/${bobsComment.json.id}`, {
      token: bob.token,
    });
    expect(deleteOwn.status).toBe(404);
    const replies = await api('GET', `/api/comments/comment/${bobsComment.json.id}/replies`, {
      token: bob.token,
    });
    expect(replies.status).toBe(404);

    for (const r of [open, shared]) {
      await api('POST', `/api/ruminations/${r.id}/restore`, { token: alice.token });
    }
    const after = await seen();
    expect({ ...after, exported: null, exportedByBob: null }).toEqual({
      ...before,
      exported: null,
      exportedByBob: null,
    });
    expect(after.exported.comments).toEqual(before.exported.comments);
    expect(after.exportedByBob.comments).toEqual(before.exportedByBob.comments);
  });
});

describe('deleting an account with notes in the trash and in history', () => {
  it('erases its notes, trashed ones included, with their revisions, comments and notifications', async () => {
    const { alice: leaver, bob: friend } = people();
    const edited = createRumination({ authorId: leaver.user.id, content: 'before' });
    await api('PUT', `/api/ruminations/${edited.id}`, {
      token: leaver.token,
      body: { content: 'after', publish: true },
    });
    const trashed = createRumination({ authorId: leaver.user.id, content: 'in the trash' });
    for (const r of [edited, trashed]) {
      const made = await api('POST', '/api/comments', {
        token: friend.token,
        body: { ruminationId: r.id, content: 'a comment' },
      });
      expect(made.status).toBe(201);
    }
    await remove(leaver, trashed.id);
    const gone = new Set([edited.id, trashed.id]);
    const db = getDb();
    expect(db.revisions.filter((v) => gone.has(v.ruminationId))).toHaveLength(1);

    const res = await api('DELETE', '/api/account', {
      token: leaver.token,
      body: { password: DEFAULT_TEST_PASSWORD },
    });
    expect(res.status).toBe(204);
    const after = getDb();
    expect(after.ruminations.filter((r) => gone.has(r.id))).toEqual([]);
    expect(after.revisions.filter((v) => gone.has(v.ruminationId))).toEqual([]);
    expect(after.comments.filter((c) => gone.has(c.ruminationId))).toEqual([]);
    expect(after.notifications.filter((n) => gone.has(n.ruminationId ?? 0))).toEqual([]);
  });
});
