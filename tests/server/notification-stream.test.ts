import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../src/api/notification-schemas';
import { createTestApp, setUpTestApp } from './support/test-app';
import {
  call,
  person,
  relation,
  requestRelation,
  writeRumination,
  type Person,
} from './ruminations-support';
import { SseReader, type SseEvent } from './support/sse-reader';

/**
 * GET /api/notifications/stream (api-contract.md "Notifications") on a real port, read as a browser
 * reads it (fetch and a small event-stream parser): authentication, framing, delivery within a
 * second of the action, replay after Last-Event-ID, heartbeat, revocation and shutdown.
 */

const HEARTBEAT_MS = 150;
const AUTH_CHECK_MS = 200;

const t = setUpTestApp({
  config: { notificationStream: { heartbeatMs: HEARTBEAT_MS, authCheckMs: AUTH_CHECK_MS } },
});
let base: string;
const open: AbortController[] = [];

beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(() => {
  for (const controller of open.splice(0)) controller.abort();
});

async function connect(
  as: Person | null,
  headers: Record<string, string> = {},
): Promise<{ res: Response; sse: SseReader }> {
  const controller = new AbortController();
  open.push(controller);
  const res = await fetch(`${base}/api/notifications/stream`, {
    headers: { ...(as ? { authorization: `Bearer ${as.token}` } : {}), ...headers },
    signal: controller.signal,
  });
  return { res, sse: new SseReader(res) };
}

const parsed = <T>(e: SseEvent) => JSON.parse(e.data) as T;

describe('GET /api/notifications/stream', () => {
  it('answers 401 problem details without a token or with a bad one, before streaming', async () => {
    const anonymous = await fetch(`${base}/api/notifications/stream`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const forged = await fetch(`${base}/api/notifications/stream`, {
      headers: { authorization: 'Bearer not.a.token' },
    });
    expect(forged.status).toBe(401);
  });

  it('answers HEAD with the headers only', async () => {
    const bob = await person(t);
    const res = await fetch(`${base}/api/notifications/stream`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${bob.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  });

  it('streams text/event-stream and starts with the unread count, without an id', async () => {
    const bob = await person(t);
    const alice = await person(t);
    await requestRelation(t, alice, bob, 2);
    const { res, sse } = await connect(bob);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    // Personal data: no cache may keep it (contract: "Notifications"), nor a proxy rewrite it.
    expect(res.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const unread = await sse.nth('unread', 1);
    expect(parsed(unread)).toEqual({ count: 1 });
    expect(unread.id).toBeUndefined();
    // Without Last-Event-ID nothing old is sent: the list is read once, the stream tells what is new.
    expect(sse.events.filter((e) => e.event === 'notification')).toEqual([]);
  });

  it("delivers another user's action within a second, with id:, then the new count", async () => {
    const bob = await person(t);
    const alice = await person(t);
    const { sse } = await connect(bob);
    await sse.nth('unread', 1);
    const started = Date.now();
    const relation = await requestRelation(t, alice, bob, 2);
    const event = await sse.nth('notification', 1, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    const n = parsed<Notification>(event);
    expect(n).toMatchObject({
      kind: 'RelationRequested',
      actor: { id: alice.id, username: alice.username },
      relationId: relation.id,
      isRead: false,
    });
    expect(event.id).toBe(String(n.id));
    // The same notification as GET /api/notifications gives.
    const listed = (await call(t, 'GET', '/api/notifications', { as: bob })).json<Notification[]>();
    expect(listed).toEqual([n]);
    const unread = await sse.nth('unread', 2);
    expect(parsed(unread)).toEqual({ count: 1 });
    expect(unread.id).toBeUndefined();
  });

  it('tells every stream of the recipient, and marking read updates the count', async () => {
    const bob = await person(t);
    const alice = await person(t);
    const first = await connect(bob);
    const second = await connect(bob);
    await first.sse.nth('unread', 1);
    await second.sse.nth('unread', 1);
    await requestRelation(t, alice, bob, 1);
    const n = parsed<Notification>(await first.sse.nth('notification', 1));
    expect(parsed<Notification>(await second.sse.nth('notification', 1)).id).toBe(n.id);
    const read = await call(t, 'PUT', '/api/notifications/read', {
      as: bob,
      body: { upToId: n.id },
    });
    expect(read.statusCode).toBe(204);
    await first.sse.until(
      () => first.sse.events.at(-1)?.data === '{"count":0}',
      1000,
      'the count after marking read',
    );
  });

  it('replays after Last-Event-ID only newer visible notifications, oldest first, then unread', async () => {
    const bob = await person(t);
    const [a, b, c] = [await person(t), await person(t), await person(t)];
    const rumination = await writeRumination(t, bob);
    await requestRelation(t, a, bob, 2);
    const seen = (await call(t, 'GET', '/api/notifications', { as: bob })).json<Notification[]>();
    const lastSeen = seen[0]!.id;
    await requestRelation(t, b, bob, 2);
    // A comment notification whose comment is then deleted: no longer visible, never replayed.
    const comment = await call(t, 'POST', '/api/comments', {
      as: c,
      body: { ruminationId: rumination.id, content: 'words' },
    });
    expect(comment.statusCode).toBe(201);
    const deleted = await call(t, 'DELETE', `/api/comments/${comment.json<{ id: number }>().id}`, {
      as: c,
    });
    expect(deleted.statusCode).toBe(204);
    await requestRelation(t, c, bob, 2);

    const { sse } = await connect(bob, { 'last-event-id': String(lastSeen) });
    await sse.nth('unread', 1);
    const names = sse.events.map((e) => e.event);
    expect(names).toEqual(['notification', 'notification', 'unread']);
    const replayed = sse.events.slice(0, 2).map((e) => parsed<Notification>(e));
    expect(replayed.map((n) => n.actor.id)).toEqual([b.id, c.id]);
    expect(replayed[0]!.id).toBeGreaterThan(lastSeen);
    expect(replayed[1]!.id).toBeGreaterThan(replayed[0]!.id);
    expect(parsed(sse.events[2]!)).toEqual({ count: 3 });
  });

  it('replays a backlog longer than one page', async () => {
    const bob = await person(t);
    const askers = await Promise.all(Array.from({ length: 60 }, () => person(t)));
    for (const asker of askers) await requestRelation(t, asker, bob, 0);
    const { sse } = await connect(bob, { 'last-event-id': '0' });
    await sse.nth('unread', 1, 2000);
    const ids = sse.events.filter((e) => e.event === 'notification').map((e) => Number(e.id));
    expect(ids).toHaveLength(60);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    expect(parsed(sse.events.at(-1)!)).toEqual({ count: 60 });
  });

  it('ignores a malformed Last-Event-ID (no error, nothing old replayed)', async () => {
    const bob = await person(t);
    await requestRelation(t, await person(t), bob, 2);
    for (const header of ['abc', '-1', '1e3', '99999999999999999999', '']) {
      const { res, sse } = await connect(bob, { 'last-event-id': header });
      expect(res.status).toBe(200);
      await sse.nth('unread', 1);
      expect(sse.events.map((e) => e.event)).toEqual(['unread']);
    }
  });

  it('opened from the newest id the list shows (0: none), sends what was written before it opened', async () => {
    // How the SPA opens every stream, so that a notification written while no stream was open
    // (between two tabs holding it, or a reconnect) still arrives live.
    const bob = await person(t);
    const alice = await person(t);
    const listed = (await call(t, 'GET', '/api/notifications?Limit=1', { as: bob })).json<
      Notification[]
    >();
    expect(listed).toEqual([]);
    const first = await connect(bob, { 'last-event-id': '0' });
    await first.sse.nth('unread', 1);
    open.splice(0).forEach((controller) => controller.abort());

    await requestRelation(t, alice, bob, 2);
    const { sse } = await connect(bob, { 'last-event-id': '0' });
    await sse.nth('unread', 1);
    expect(sse.events.map((e) => e.event)).toEqual(['notification', 'unread']);
    expect(parsed<Notification>(sse.events[0]!).actor.id).toBe(alice.id);

    const newest = (await call(t, 'GET', '/api/notifications?Limit=1', { as: bob })).json<
      Notification[]
    >()[0]!.id;
    await requestRelation(t, await person(t), bob, 2);
    const after = await connect(bob, { 'last-event-id': String(newest) });
    await after.sse.nth('unread', 1);
    expect(after.sse.events.map((e) => e.event)).toEqual(['notification', 'unread']);
    expect(Number(after.sse.events[0]!.id)).toBeGreaterThan(newest);
  });

  it('ignores a Last-Event-ID beyond the newest notification for what comes later', async () => {
    const bob = await person(t);
    const { sse } = await connect(bob, { 'last-event-id': '2147483647' });
    await sse.nth('unread', 1);
    await requestRelation(t, await person(t), bob, 2);
    expect(parsed<Notification>(await sse.nth('notification', 1)).kind).toBe('RelationRequested');
  });

  it('sends a row committed late with a smaller id than one already sent (once)', async () => {
    const bob = await person(t);
    const alice = await person(t);
    const other = await person(t);
    const { sse } = await connect(bob);
    await sse.nth('unread', 1);
    const row = (recipient: Person, id?: number) => ({
      ...(id === undefined ? {} : { id }),
      recipient_id: recipient.id,
      actor_id: alice.id,
      kind: 'RelationAccepted',
      is_read: 0 as const,
      create_tms: new Date().toISOString(),
    });
    // An id taken first, then given to bob's row after a later id was sent: what two PostgreSQL
    // transactions committing out of id order look like to a stream.
    const { id: early } = await t.db
      .insertInto('notifications')
      .values(row(other))
      .returning('id')
      .executeTakeFirstOrThrow();
    await requestRelation(t, alice, bob, 2);
    const later = parsed<Notification>(await sse.nth('notification', 1));
    expect(later.id).toBeGreaterThan(early);
    await t.db.deleteFrom('notifications').where('id', '=', early).execute();
    await t.db.insertInto('notifications').values(row(bob, early)).execute();
    // What the write path publishes: the row, by id, once it committed.
    t.app.notificationPublisher.publish([{ recipientId: bob.id, notificationId: early }]);
    const late = await sse.nth('notification', 2);
    expect(late.id).toBe(String(early));
    // More news: neither is sent again. A publish with nothing new sends nothing at all; the next
    // notification comes alone.
    t.app.notificationPublisher.publish([bob.id]);
    await requestRelation(t, other, bob, 2);
    const next = await sse.nth('notification', 3);
    expect(sse.named('notification').map((e) => e.id)).toEqual([
      String(later.id),
      late.id,
      next.id,
    ]);
  });

  it('sends a comment line as heartbeat', async () => {
    const bob = await person(t);
    const { sse } = await connect(bob);
    await sse.until(() => sse.comments.length >= 2, HEARTBEAT_MS * 5, 'two heartbeats');
    expect(sse.comments[0]).toBe('keep-alive');
  });

  it('ends the stream once its token is revoked', async () => {
    const bob = await person(t);
    const { sse } = await connect(bob);
    await sse.nth('unread', 1);
    const signOut = await call(t, 'POST', '/api/account/sign-out-everywhere', { as: bob });
    expect(signOut.statusCode).toBe(204);
    await sse.end(AUTH_CHECK_MS * 5);
    // Another person's stream is untouched.
    const other = await person(t);
    const kept = await connect(other);
    await kept.sse.nth('unread', 1);
    await new Promise((r) => setTimeout(r, AUTH_CHECK_MS * 2));
    expect(kept.sse.ended).toBe(false);
  });

  it('sends nothing, not even the count, about a notification its reader may not see', async () => {
    const author = await person(t);
    const reader = await person(t);
    const friendship = await relation(t.db, author, reader, 2, 'accepted');
    const note = await writeRumination(t, author, { audiences: ['Friend'] });
    const readersComment = await call(t, 'POST', '/api/comments', {
      as: reader,
      body: { ruminationId: note.id, content: 'mine' },
    });
    expect(readersComment.statusCode).toBe(201);
    const ended = await call(t, 'DELETE', `/api/UserRelations/${friendship}`, { as: reader });
    expect(ended.statusCode).toBe(204);
    const { sse } = await connect(reader);
    await sse.nth('unread', 1);
    // The author answers on the note the former reader may no longer see.
    const reply = await call(t, 'POST', '/api/comments', {
      as: author,
      body: { parentCommentId: readersComment.json<{ id: number }>().id, content: 'an answer' },
    });
    expect(reply.statusCode).toBe(201);
    await new Promise((r) => setTimeout(r, 300));
    // Then news the reader may see: it arrives alone, with no event before it.
    await requestRelation(t, await person(t), reader, 2);
    await sse.nth('notification', 1);
    await sse.until(() => sse.events.at(-1)?.event === 'unread', 1000, 'the count after it');
    expect(sse.events.map((e) => e.event)).toEqual(['unread', 'notification', 'unread']);
    expect(sse.events.map((e) => e.data)).toEqual([
      '{"count":0}',
      sse.events[1]!.data,
      '{"count":1}',
    ]);
  });

  it('sends nothing once its token is revoked, even news that comes before the next check', async () => {
    const bob = await person(t);
    const { sse } = await connect(bob);
    await sse.nth('unread', 1);
    const signOut = await call(t, 'POST', '/api/account/sign-out-everywhere', { as: bob });
    expect(signOut.statusCode).toBe(204);
    await requestRelation(t, await person(t), bob, 2);
    await sse.end(AUTH_CHECK_MS * 5);
    expect(sse.events.map((e) => e.event)).toEqual(['unread']);
  });

  it('forgets a stream whose client went away', async () => {
    const openStreams = async (expected: number) => {
      const deadline = Date.now() + 1000;
      while (t.app.notificationStreams.size !== expected && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
      }
      return t.app.notificationStreams.size;
    };
    // The streams of earlier tests, aborted after each, are gone.
    expect(await openStreams(0)).toBe(0);
    const bob = await person(t);
    const { sse } = await connect(bob);
    await sse.nth('unread', 1);
    expect(t.app.notificationStreams.size).toBe(1);
    open.pop()!.abort();
    expect(await openStreams(0)).toBe(0);
  });
});

describe('closing the app', () => {
  it('ends open streams instead of waiting for them', async () => {
    const own = await createTestApp();
    const url = await own.app.listen({ port: 0, host: '127.0.0.1' });
    const bob = await person(own);
    const res = await fetch(`${url}/api/notifications/stream`, {
      headers: { authorization: `Bearer ${bob.token}` },
    });
    const sse = new SseReader(res);
    await sse.nth('unread', 1);
    const started = Date.now();
    await own.close();
    expect(Date.now() - started).toBeLessThan(2000);
    await sse.end(1000);
  });
});
