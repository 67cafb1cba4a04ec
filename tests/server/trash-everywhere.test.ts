import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Comment } from '../../src/api/comment-schemas';
import type { Notification } from '../../src/api/notification-schemas';
import type { UserProfile } from '../../src/api/people-schemas';
import type { Rumination } from '../../src/api/rumination-schemas';
import { createActiveUser, setUpTestApp } from './support/test-app';
import { SseReader, type SseEvent } from './support/sse-reader';
import {
  call,
  person,
  relation,
  requestRelation,
  writeRumination,
  type Person,
} from './ruminations-support';

/**
 * A rumination moved to the trash (DELETE /api/ruminations/{id}) is gone at once for everyone on
 * the paths of comments, notifications and people, and comes back intact on restore
 * (api-contract.md "Your writing is never lost": trash). Everything here goes through HTTP, as a
 * client would see it.
 */

const t = setUpTestApp();
let base: string;
const open: AbortController[] = [];

beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => {
  for (const controller of open.splice(0)) controller.abort();
});

async function comment(
  as: Person,
  target: { ruminationId: number } | { parentCommentId: number },
  content: string,
): Promise<Comment> {
  const res = await call(t, 'POST', '/api/comments', { as, body: { ...target, content } });
  if (res.statusCode !== 201) throw new Error(`comment failed: ${res.statusCode} ${res.body}`);
  return res.json<Comment>();
}

async function trash(as: Person, r: Rumination): Promise<void> {
  expect((await call(t, 'DELETE', `/api/ruminations/${r.id}`, { as })).statusCode).toBe(204);
}

async function restore(as: Person, r: Rumination): Promise<void> {
  expect((await call(t, 'POST', `/api/ruminations/${r.id}/restore`, { as })).statusCode).toBe(200);
}

async function notificationsOf(as: Person): Promise<Notification[]> {
  const res = await call(t, 'GET', '/api/notifications', { as });
  expect(res.statusCode).toBe(200);
  return res.json<Notification[]>();
}

async function unreadOf(as: Person): Promise<number> {
  return (await call(t, 'GET', '/api/notifications/unread-count', { as })).json<{ count: number }>()
    .count;
}

async function profileOf(who: Person, as: Person | null): Promise<UserProfile> {
  const res = await call(t, 'GET', `/api/users/${who.id}`, { as });
  expect(res.statusCode).toBe(200);
  return res.json<UserProfile>();
}

/** What the stream replays after Last-Event-ID 0: its notifications' ids, then the unread count. */
async function replayOf(as: Person): Promise<{ ids: number[]; unread: number }> {
  const controller = new AbortController();
  open.push(controller);
  const res = await fetch(`${base}/api/notifications/stream`, {
    headers: { authorization: `Bearer ${as.token}`, 'last-event-id': '0' },
    signal: controller.signal,
  });
  const sse = new SseReader(res);
  const unread: SseEvent = await sse.nth('unread', 1);
  controller.abort();
  const ids = sse.events.filter((e) => e.event === 'notification').map((e) => Number(e.id));
  return { ids, unread: (JSON.parse(unread.data) as { count: number }).count };
}

/**
 * An author's public note with a friend's comment and the author's reply (two notifications about
 * it), a note shared with the friend only, and a relation request from a stranger to the author
 * (a notification about no rumination, which stays).
 */
async function arrange() {
  const author = await person(t);
  const friend = await person(t);
  const stranger = await person(t);
  await relation(t.db, author, friend, 1, 'accepted');
  const note = await writeRumination(t, author, { content: 'the note that goes' });
  const shared = await writeRumination(t, author, { content: 'for friends', audiences: [1] });
  const other = await writeRumination(t, author, { content: 'the note that stays' });
  const top = await comment(friend, { ruminationId: note.id }, 'a thought on it');
  const reply = await comment(author, { parentCommentId: top.id }, 'thanks');
  const onShared = await comment(friend, { ruminationId: shared.id }, 'seen it');
  const request = await requestRelation(t, stranger, author, 2);
  return { author, friend, stranger, note, shared, other, top, reply, onShared, request };
}

describe('a trashed rumination, on the paths of comments', () => {
  it('answers 404 to reading, writing, editing and deleting its comments, for everyone', async () => {
    const { author, friend, stranger, note, shared, top, reply, onShared } = await arrange();
    await trash(author, note);
    await trash(author, shared);

    for (const as of [author, friend, stranger, null]) {
      for (const r of [note, shared]) {
        const list = await call(t, 'GET', `/api/comments/rumination/${r.id}`, { as });
        expect(list.statusCode).toBe(404);
      }
      for (const c of [top, reply, onShared]) {
        const replies = await call(t, 'GET', `/api/comments/comment/${c.id}/replies`, { as });
        expect(replies.statusCode).toBe(404);
      }
    }
    for (const as of [author, friend, stranger]) {
      for (const target of [
        { ruminationId: note.id },
        { ruminationId: shared.id },
        { parentCommentId: top.id },
        { parentCommentId: onShared.id },
      ]) {
        const res = await call(t, 'POST', '/api/comments', {
          as,
          body: { ...target, content: 'into the void' },
        });
        expect(res.statusCode, JSON.stringify(target)).toBe(404);
      }
    }
    // Their authors may not edit them, nor may the rumination's author moderate them.
    for (const [as, c] of [
      [friend, top],
      [author, reply],
      [friend, onShared],
    ] as const) {
      const edit = await call(t, 'PUT', `/api/comments/${c.id}`, {
        as,
        body: { id: c.id, content: 'changed while trashed' },
      });
      expect(edit.statusCode).toBe(404);
      expect((await call(t, 'DELETE', `/api/comments/${c.id}`, { as })).statusCode).toBe(404);
    }
    expect((await call(t, 'DELETE', `/api/comments/${top.id}`, { as: author })).statusCode).toBe(
      404,
    );
  });

  it('brings its comments back intact on restore', async () => {
    const { author, friend, note, shared } = await arrange();
    const before = await call(t, 'GET', `/api/comments/rumination/${note.id}`, { as: friend });
    const sharedBefore = await call(t, 'GET', `/api/comments/rumination/${shared.id}`, {
      as: friend,
    });
    await trash(author, note);
    await trash(author, shared);
    await restore(author, note);
    await restore(author, shared);
    const after = await call(t, 'GET', `/api/comments/rumination/${note.id}`, { as: friend });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual(before.json());
    const sharedAfter = await call(t, 'GET', `/api/comments/rumination/${shared.id}`, {
      as: friend,
    });
    expect(sharedAfter.json()).toEqual(sharedBefore.json());
    // And they are writable again.
    expect((await comment(friend, { ruminationId: note.id }, 'welcome back')).ruminationId).toBe(
      note.id,
    );
  });
});

describe('a trashed rumination, in notifications', () => {
  it('leaves the list, the unread count and the stream’s replay at once; mark-read still works; restore brings them back', async () => {
    const { author, friend, note, shared, request } = await arrange();
    const authorBefore = await notificationsOf(author);
    const friendBefore = await notificationsOf(friend);
    // About the note: the friend's comment (to the author), the author's reply (to the friend).
    expect(authorBefore.map((n) => n.kind)).toEqual([
      'RelationRequested',
      'CommentOnMyRumination',
      'CommentOnMyRumination',
    ]);
    expect(friendBefore.map((n) => n.kind)).toEqual(['ReplyToMyComment']);
    expect(await unreadOf(author)).toBe(3);

    await trash(author, note);
    await trash(author, shared);

    expect(await notificationsOf(author)).toEqual([authorBefore[0]]);
    expect(authorBefore[0]!.relationId).toBe(request.id);
    expect(await unreadOf(author)).toBe(1);
    expect(await notificationsOf(friend)).toEqual([]);
    expect(await unreadOf(friend)).toBe(0);
    expect(await replayOf(author)).toEqual({ ids: [authorBefore[0]!.id], unread: 1 });
    expect(await replayOf(friend)).toEqual({ ids: [], unread: 0 });

    // Marking read up to the newest visible one answers as ever.
    const read = await call(t, 'PUT', '/api/notifications/read', {
      as: author,
      body: { upToId: authorBefore[0]!.id },
    });
    expect(read.statusCode).toBe(204);
    expect(await unreadOf(author)).toBe(0);

    await restore(author, note);
    await restore(author, shared);
    // Back as they were; the mark-read above reached them too (their ids were below upToId).
    expect(await notificationsOf(author)).toEqual(
      authorBefore.map((n) => ({ ...n, isRead: true })),
    );
    expect(await notificationsOf(friend)).toEqual(friendBefore);
    expect(await unreadOf(friend)).toBe(1);
    expect((await replayOf(friend)).ids).toEqual(friendBefore.map((n) => n.id));
  });
});

describe('a trashed rumination, on people’s profiles', () => {
  it('is not counted in publicRuminationCount, and is again once restored', async () => {
    const { author, friend, note, shared } = await arrange();
    const viewers = [null, friend, author];
    for (const as of viewers) expect((await profileOf(author, as)).publicRuminationCount).toBe(2);
    await trash(author, note);
    await trash(author, shared);
    for (const as of viewers) expect((await profileOf(author, as)).publicRuminationCount).toBe(1);
    await restore(author, note);
    for (const as of viewers) expect((await profileOf(author, as)).publicRuminationCount).toBe(2);
  });
});

describe('deleting an account with notes in the trash and in history', () => {
  it('erases its notes, trashed ones included, with their revisions, comments and notifications', async () => {
    const leaver = await createActiveUser(t.app);
    const friend = await person(t);
    const edited = await writeRumination(t, leaver, { content: 'before' });
    const put = await call(t, 'PUT', `/api/ruminations/${edited.id}`, {
      as: leaver,
      body: { content: 'after', audiences: [], publish: true },
    });
    expect(put.statusCode).toBe(200);
    const trashed = await writeRumination(t, leaver, { content: 'in the trash' });
    await comment(friend, { ruminationId: trashed.id }, 'on a note about to go');
    await comment(friend, { ruminationId: edited.id }, 'on the edited one');
    await trash(leaver, trashed);
    const ids = [edited.id, trashed.id];
    const rows = async () => ({
      ruminations: (
        await t.db.selectFrom('ruminations').select('id').where('id', 'in', ids).execute()
      ).length,
      revisions: (
        await t.db
          .selectFrom('rumination_revisions')
          .select('id')
          .where('rumination_id', 'in', ids)
          .execute()
      ).length,
      comments: (
        await t.db.selectFrom('comments').select('id').where('rumination_id', 'in', ids).execute()
      ).length,
      notifications: (
        await t.db
          .selectFrom('notifications')
          .select('id')
          .where('rumination_id', 'in', ids)
          .execute()
      ).length,
    });
    expect(await rows()).toEqual({ ruminations: 2, revisions: 1, comments: 2, notifications: 2 });

    const res = await call(t, 'DELETE', '/api/account', {
      as: leaver,
      body: { password: leaver.password },
    });
    expect(res.statusCode).toBe(204);
    expect(await rows()).toEqual({ ruminations: 0, revisions: 0, comments: 0, notifications: 0 });
  });
});
