import { describe, expect, it } from 'vitest';
import { notification as notificationSchema } from '../../src/api/notification-schemas';
import { commentNotificationRecipients } from '../../src/domain/notification-rules';
import { createNotification } from '../../mocks/store/notifications';
import { createRumination } from '../../mocks/store/factories';
import { getDb } from '../../mocks/store/db';
import { api, ORIGIN, setupMockBackend, type Json } from './mock-backend';
import { commentBy, people, relate, type StorePerson } from '../support/store-people';

setupMockBackend();

const FRIEND = 2;
const FAMILY = 1;

/** A notification to `to` that `from` asked to be Friends, or (`kind`) accepted. */
function friendNotification(
  to: StorePerson,
  from: StorePerson,
  kind: 'RelationRequested' | 'RelationAccepted' = 'RelationRequested',
) {
  return createNotification({
    recipientId: to.user.id,
    actorId: from.user.id,
    kind,
    relationType: FRIEND,
  });
}

async function list(token: string, query = ''): Promise<Json[]> {
  const response = await api('GET', `/api/notifications${query}`, { token });
  expect(response.status).toBe(200);
  return response.json as Json[];
}

async function unread(token: string): Promise<number> {
  const response = await api('GET', '/api/notifications/unread-count', { token });
  expect(response.status).toBe(200);
  return (response.json as { count: number }).count;
}

const comment = (token: string, body: object) => api('POST', '/api/comments', { token, body });

describe('the comment rule (src/domain/notification-rules.ts)', () => {
  it('tells the parent author and the rumination author, never the actor, nobody twice', () => {
    const rule = commentNotificationRecipients;
    expect(rule({ ruminationAuthorId: 1, parentCommentAuthorId: null, actorId: 2 })).toEqual([
      { recipientId: 1, kind: 'CommentOnMyRumination' },
    ]);
    expect(rule({ ruminationAuthorId: 1, parentCommentAuthorId: null, actorId: 1 })).toEqual([]);
    expect(rule({ ruminationAuthorId: 1, parentCommentAuthorId: 3, actorId: 2 })).toEqual([
      { recipientId: 3, kind: 'ReplyToMyComment' },
      { recipientId: 1, kind: 'CommentOnMyRumination' },
    ]);
    // The parent's author wrote the rumination too: the reply alone.
    expect(rule({ ruminationAuthorId: 1, parentCommentAuthorId: 1, actorId: 2 })).toEqual([
      { recipientId: 1, kind: 'ReplyToMyComment' },
    ]);
    // Replying to oneself under someone else's rumination: its author only.
    expect(rule({ ruminationAuthorId: 1, parentCommentAuthorId: 2, actorId: 2 })).toEqual([
      { recipientId: 1, kind: 'CommentOnMyRumination' },
    ]);
    expect(rule({ ruminationAuthorId: 1, parentCommentAuthorId: 1, actorId: 1 })).toEqual([]);
  });
});

describe('notifications of relations', () => {
  it('tells the receiver of a request and the initiator of an acceptance', async () => {
    const { alice, bob } = people();
    const requested = await api('POST', '/api/UserRelations', {
      token: bob.token,
      body: { userId: alice.user.id, relationType: FRIEND },
    });
    expect(requested.status).toBe(201);
    const [toAlice] = await list(alice.token);
    expect(notificationSchema.parse(toAlice)).toEqual({
      id: expect.any(Number),
      kind: 'RelationRequested',
      createTMS: expect.any(String),
      isRead: false,
      actor: { id: bob.user.id, username: 'bob', displayName: 'bob' },
      ruminationId: null,
      commentId: null,
      relationId: requested.json.id,
      relationType: FRIEND,
    });
    expect(await list(bob.token)).toEqual([]);
    expect(await unread(alice.token)).toBe(1);

    await api('PUT', `/api/UserRelations/${requested.json.id}/accept`, { token: alice.token });
    const [toBob] = await list(bob.token);
    expect(toBob).toMatchObject({
      kind: 'RelationAccepted',
      actor: { id: alice.user.id, username: 'alice' },
      relationId: requested.json.id,
      relationType: FRIEND,
      ruminationId: null,
      commentId: null,
    });
    // Alice accepted: she is told nothing more.
    expect(await list(alice.token)).toHaveLength(1);
  });

  it('drops an unread request that was cancelled, but keeps a read one as history', async () => {
    const { alice, bob } = people();
    const first = await api('POST', '/api/UserRelations', {
      token: bob.token,
      body: { userId: alice.user.id, relationType: FRIEND },
    });
    await api('DELETE', `/api/UserRelations/${first.json.id}`, { token: bob.token });
    expect(await list(alice.token)).toEqual([]);
    expect(await unread(alice.token)).toBe(0);

    const second = await api('POST', '/api/UserRelations', {
      token: bob.token,
      body: { userId: alice.user.id, relationType: FAMILY },
    });
    const [shown] = await list(alice.token);
    await api('PUT', '/api/notifications/read', { token: alice.token, body: { upToId: shown.id } });
    await api('DELETE', `/api/UserRelations/${second.json.id}`, { token: bob.token });
    const after = await list(alice.token);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ kind: 'RelationRequested', isRead: true });
    // Marking everything read again cannot bring the cancelled unread one back.
    await api('PUT', '/api/notifications/read', { token: alice.token, body: { upToId: 10_000 } });
    expect(await list(alice.token)).toHaveLength(1);
  });
});

describe('notifications of comments', () => {
  it('tells the rumination author of a top-level comment and of replies anywhere', async () => {
    const { alice, bob, carol } = people();
    const rumination = createRumination({ authorId: alice.user.id });
    const top = await comment(bob.token, { content: 'Hi', ruminationId: rumination.id });
    const reply = await comment(carol.token, { content: 'Yes', parentCommentId: top.json.id });

    const toAlice = await list(alice.token);
    expect(toAlice.map((n) => [n.kind, n.actor.username, n.commentId])).toEqual([
      ['CommentOnMyRumination', 'carol', reply.json.id],
      ['CommentOnMyRumination', 'bob', top.json.id],
    ]);
    expect(toAlice.every((n) => n.ruminationId === rumination.id)).toBe(true);
    const toBob = await list(bob.token);
    expect(toBob).toHaveLength(1);
    expect(toBob[0]).toMatchObject({
      kind: 'ReplyToMyComment',
      actor: { username: 'carol' },
      ruminationId: rumination.id,
      commentId: reply.json.id,
      relationId: null,
      relationType: null,
    });
    expect(await list(carol.token)).toEqual([]);
  });

  it('never tells people of their own comments', async () => {
    const { alice, bob } = people();
    const rumination = createRumination({ authorId: alice.user.id });
    const own = await comment(alice.token, { content: 'Mine', ruminationId: rumination.id });
    const top = await comment(bob.token, { content: 'Hi', ruminationId: rumination.id });
    await comment(bob.token, { content: 'Me again', parentCommentId: top.json.id });
    await comment(alice.token, { content: 'Me too', parentCommentId: own.json.id });

    const toAlice = await list(alice.token);
    expect(toAlice.map((n) => n.actor.username)).toEqual(['bob', 'bob']);
    expect(await list(bob.token)).toEqual([]);
  });

  it('gives one notification per comment: ReplyToMyComment when both rules point at one person', async () => {
    const { alice, bob } = people();
    const rumination = createRumination({ authorId: alice.user.id });
    const own = commentBy(alice, rumination.id);
    await comment(bob.token, { content: 'Reply', parentCommentId: own.id });
    const toAlice = await list(alice.token);
    expect(toAlice).toHaveLength(1);
    expect(toAlice[0].kind).toBe('ReplyToMyComment');
  });

  it('carries no text of notes or comments', async () => {
    const { alice, bob } = people();
    const rumination = createRumination({ authorId: alice.user.id, content: 'Secret words' });
    await comment(bob.token, { content: 'Private reply', ruminationId: rumination.id });
    const raw = JSON.stringify(await list(alice.token));
    expect(raw).not.toContain('Secret words');
    expect(raw).not.toContain('Private reply');
  });
});

describe('what the recipient may no longer see', () => {
  it('hides a notification once the relation that let them see the rumination ended', async () => {
    const { alice, bob } = people();
    const friends = relate(alice, bob, 2);
    const bobs = createRumination({ authorId: bob.user.id, audiences: [FRIEND] });
    const top = commentBy(bob, bobs.id);
    await comment(alice.token, { content: 'Hi', ruminationId: bobs.id });
    // Bob is the author: he always sees his own rumination. Alice's reply tells Bob...
    expect(await unread(bob.token)).toBe(1);
    // ...and Bob's reply to Alice's comment tells Alice, who sees it only as his Friend.
    const [alicesComment] = getDb().comments.filter((c) => c.authorId === alice.user.id);
    await comment(bob.token, { content: 'Thanks', parentCommentId: alicesComment!.id });
    expect(await unread(alice.token)).toBe(1);
    expect(top.id).toBeGreaterThan(0);

    await api('DELETE', `/api/UserRelations/${friends.id}`, { token: bob.token });
    expect(await list(alice.token)).toEqual([]);
    expect(await unread(alice.token)).toBe(0);
  });

  it('hides a notification whose comment or rumination was deleted', async () => {
    const { alice, bob } = people();
    const first = createRumination({ authorId: alice.user.id });
    const second = createRumination({ authorId: alice.user.id });
    const a = await comment(bob.token, { content: 'One', ruminationId: first.id });
    await comment(bob.token, { content: 'Two', ruminationId: second.id });
    expect(await unread(alice.token)).toBe(2);

    expect((await api('DELETE', `/api/comments/${a.json.id}`, { token: bob.token })).status).toBe(
      204,
    );
    expect((await list(alice.token)).map((n) => n.ruminationId)).toEqual([second.id]);
    expect(
      (await api('DELETE', `/api/ruminations/${second.id}`, { token: alice.token })).status,
    ).toBe(204);
    expect(await list(alice.token)).toEqual([]);
    expect(await unread(alice.token)).toBe(0);
  });

  it('leaves out the notifications of a trashed rumination at once, the stream’s count included, and brings them back on restore', async () => {
    const { alice, bob } = people();
    const note = createRumination({ authorId: alice.user.id });
    await comment(bob.token, { content: 'One', ruminationId: note.id });
    const before = await list(alice.token);
    expect(before).toHaveLength(1);
    const stream = await openStream(alice.token);
    try {
      expect((await stream.next(1))[0]).toEqual({ event: 'unread', id: null, data: { count: 1 } });
      await api('DELETE', `/api/ruminations/${note.id}`, { token: alice.token });
      expect((await stream.next(2))[1]).toEqual({ event: 'unread', id: null, data: { count: 0 } });
      expect(await list(alice.token)).toEqual([]);

      await api('POST', `/api/ruminations/${note.id}/restore`, { token: alice.token });
      expect((await stream.next(3))[2]).toEqual({ event: 'unread', id: null, data: { count: 1 } });
      expect(await list(alice.token)).toEqual(before);
    } finally {
      stream.close();
    }
  });

  it('forgets notifications to and from an erased account', async () => {
    const { alice, bob } = people();
    friendNotification(alice, bob);
    friendNotification(bob, alice, 'RelationAccepted');
    const erased = await api('DELETE', '/api/account', {
      token: bob.token,
      body: { password: 'password123' },
    });
    expect(erased.status).toBe(204);
    expect(getDb().notifications).toEqual([]);
  });
});

describe('paging and reading', () => {
  it('lists newest first with Limit and BeforeId, and validates the query', async () => {
    const { alice, bob } = people();
    const made = Array.from({ length: 5 }, () => friendNotification(alice, bob));
    const ids = made.map((n) => n.id).reverse();
    expect((await list(alice.token, '?Limit=2')).map((n) => n.id)).toEqual(ids.slice(0, 2));
    expect((await list(alice.token, `?limit=2&beforeId=${ids[1]}`)).map((n) => n.id)).toEqual(
      ids.slice(2, 4),
    );
    expect((await list(alice.token, `?BeforeId=${ids[4]}`)).map((n) => n.id)).toEqual([]);
    expect((await api('GET', '/api/notifications?Limit=0', { token: alice.token })).status).toBe(
      400,
    );
    expect((await api('GET', '/api/notifications?Limit=101', { token: alice.token })).status).toBe(
      400,
    );
    expect((await api('GET', '/api/notifications')).status).toBe(401);
    expect((await list(bob.token)).length).toBe(0);
  });

  it('marks the caller’s notifications up to an id read (204), nobody else’s', async () => {
    const { alice, bob } = people();
    const make = (recipientId: number) =>
      createNotification({
        recipientId,
        actorId: recipientId === alice.user.id ? bob.user.id : alice.user.id,
        kind: 'RelationRequested',
        relationType: FRIEND,
      });
    const a1 = make(alice.user.id);
    make(alice.user.id);
    const b1 = make(bob.user.id);
    expect(await unread(alice.token)).toBe(2);

    const read = await api('PUT', '/api/notifications/read', {
      token: alice.token,
      body: { upToId: a1.id },
    });
    expect(read.status).toBe(204);
    expect(await unread(alice.token)).toBe(1);
    expect((await list(alice.token)).map((n) => n.isRead)).toEqual([false, true]);

    await api('PUT', '/api/notifications/read', { token: alice.token, body: { upToId: b1.id } });
    expect(await unread(alice.token)).toBe(0);
    expect(await unread(bob.token)).toBe(1);
    expect(
      (await api('PUT', '/api/notifications/read', { token: alice.token, body: {} })).status,
    ).toBe(400);
  });
});

/** Reads server-sent events off a fetch response until `count` events have arrived. */
async function openStream(token: string, lastEventId?: number) {
  const controller = new AbortController();
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (lastEventId !== undefined) headers['Last-Event-ID'] = String(lastEventId);
  const response = await fetch(`${ORIGIN}/api/notifications/stream`, {
    headers,
    signal: controller.signal,
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: { event: string; id: string | null; data: Json }[] = [];

  async function next(count: number) {
    while (events.length < count) {
      const { value, done } = await reader.read();
      if (done) throw new Error('The stream ended');
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split('\n').filter((line) => !line.startsWith(':'));
        if (lines.length === 0) continue;
        const field = (name: string) =>
          lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2) ?? null;
        events.push({
          event: field('event') ?? 'message',
          id: field('id'),
          data: JSON.parse(field('data') ?? 'null'),
        });
      }
    }
    return events.slice(0, count);
  }

  /**
   * Cancelling the reader ends it at once; not awaited, because msw keeps an unread copy of a mocked
   * body (for its logs), and the cancel promise settles only once both copies are gone. The mock's
   * side of the stream ends at the next resetMockBackend.
   */
  function close() {
    reader.cancel().catch(() => {});
    controller.abort();
  }
  return { response, next, close };
}

describe('the stream', () => {
  it('refuses a caller without a token', async () => {
    expect((await api('GET', '/api/notifications/stream')).status).toBe(401);
  });

  it('starts with the unread count, then pushes new notifications and the new count', async () => {
    const { alice, bob } = people();
    friendNotification(alice, bob);
    const stream = await openStream(alice.token);
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get('Content-Type')).toMatch(/^text\/event-stream/);
      expect(stream.response.headers.get('Cache-Control')).toBe('no-store, no-transform');
      const [first] = await stream.next(1);
      expect(first).toEqual({ event: 'unread', id: null, data: { count: 1 } });

      const rumination = createRumination({ authorId: alice.user.id });
      const posted = await comment(bob.token, { content: 'Hello', ruminationId: rumination.id });
      const events = await stream.next(3);
      expect(events[1]).toMatchObject({
        event: 'notification',
        data: {
          kind: 'CommentOnMyRumination',
          commentId: posted.json.id,
          actor: { username: 'bob' },
        },
      });
      expect(events[1]!.id).toBe(String(events[1]!.data.id));
      expect(notificationSchema.parse(events[1]!.data)).toBeTruthy();
      expect(events[2]).toEqual({ event: 'unread', id: null, data: { count: 2 } });

      // Reading elsewhere moves the count too.
      await api('PUT', '/api/notifications/read', {
        token: alice.token,
        body: { upToId: events[1]!.data.id },
      });
      const [, , , counted] = await stream.next(4);
      expect(counted).toEqual({ event: 'unread', id: null, data: { count: 0 } });
    } finally {
      stream.close();
    }
  });

  it('ends the oldest of six streams of one person with `replaced`; the others keep receiving', async () => {
    const { alice, bob } = people();
    const streams = [];
    try {
      for (let i = 0; i < 6; i++) {
        const stream = await openStream(alice.token);
        await stream.next(1);
        streams.push(stream);
      }
      const [oldest, ...kept] = streams;
      const [, replaced] = await oldest!.next(2);
      expect(replaced).toEqual({ event: 'replaced', id: null, data: null });
      await expect(oldest!.next(3)).rejects.toThrow('The stream ended');
      friendNotification(alice, bob);
      for (const stream of kept) {
        const [, news] = await stream.next(2);
        expect(news).toMatchObject({ event: 'notification' });
      }
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('sends nothing once its token is revoked', async () => {
    const { alice, bob } = people();
    const stream = await openStream(alice.token);
    try {
      await stream.next(1);
      const signOut = await api('POST', '/api/account/sign-out-everywhere', { token: alice.token });
      expect(signOut.status).toBe(204);
      friendNotification(alice, bob);
      await expect(stream.next(2)).rejects.toThrow('The stream ended');
    } finally {
      stream.close();
    }
  });

  it('replays the visible notifications after Last-Event-ID, then the count', async () => {
    const { alice, bob } = people();
    const make = () => friendNotification(alice, bob);
    const seen = make();
    const missed1 = make();
    const missed2 = make();
    const stream = await openStream(alice.token, seen.id);
    try {
      const events = await stream.next(3);
      expect(events.map((e) => [e.event, e.id])).toEqual([
        ['notification', String(missed1.id)],
        ['notification', String(missed2.id)],
        ['unread', null],
      ]);
      expect(events[2]!.data).toEqual({ count: 3 });
    } finally {
      stream.close();
    }
  });

  it('sends nothing of other people', async () => {
    const { alice, bob, carol } = people();
    const stream = await openStream(alice.token);
    try {
      await stream.next(1);
      const rumination = createRumination({ authorId: carol.user.id });
      await comment(bob.token, { content: 'To carol', ruminationId: rumination.id });
      friendNotification(alice, bob);
      const events = await stream.next(3);
      expect(events[1]).toMatchObject({
        event: 'notification',
        data: { kind: 'RelationRequested' },
      });
    } finally {
      stream.close();
    }
  });
});
