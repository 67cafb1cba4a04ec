import { onlineManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { server } from '../../../mocks/node';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createNotification, createUser } from '../../../mocks/store';
import {
  SseParser,
  startNotificationStream,
} from '../../../src/features/notifications/notification-stream';
import { getToken, setToken } from '../../../src/lib/token-storage';

describe('SseParser', () => {
  test('reads id, event and data; skips comments; keeps the id across events', () => {
    const parser = new SseParser();
    const events = parser.push(
      ': keep-alive\n\nevent: notification\nid: 7\ndata: {"a":1}\n\nevent: unread\ndata: {"count":2}\n\n',
    );
    expect(events).toEqual([
      { event: 'notification', data: '{"a":1}', lastEventId: '7' },
      { event: 'unread', data: '{"count":2}', lastEventId: '7' },
    ]);
  });

  test('joins data lines, accepts CRLF and CR, and events split across chunks', () => {
    const parser = new SseParser('3');
    expect(parser.push('data: one\r')).toEqual([]);
    expect(parser.push('\ndata:two\r\rdata')).toEqual([
      { event: 'message', data: 'one\ntwo', lastEventId: '3' },
    ]);
    // A line split inside its field name: "data" + ": x".
    expect(parser.push(': x\n\n')).toEqual([{ event: 'message', data: 'x', lastEventId: '3' }]);
    // An event with no data is not dispatched.
    expect(parser.push('event: unread\n\n')).toEqual([]);
  });
});

describe('startNotificationStream', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
    vi.useRealTimers();
  });

  test('delivers the count and new notifications, and stops when asked', async () => {
    const alice = createUser({ username: 'alice' });
    const bob = createUser({ username: 'bob' });
    setToken(alice.token);
    const counts: number[] = [];
    const kinds: string[] = [];
    const stop = startNotificationStream({
      onUnread: (count) => counts.push(count),
      onNotification: (n) => kinds.push(n.kind),
    });
    await vi.waitFor(() => expect(counts).toEqual([0]));
    createNotification({
      recipientId: alice.user.id,
      actorId: bob.user.id,
      kind: 'RelationAccepted',
      relationType: 2,
    });
    await vi.waitFor(() => expect(counts).toEqual([0, 1]));
    expect(kinds).toEqual(['RelationAccepted']);
    stop();
    createNotification({
      recipientId: alice.user.id,
      actorId: bob.user.id,
      kind: 'RelationAccepted',
      relationType: 2,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(counts).toEqual([0, 1]);
  });

  test('on 401 it stops and forgets the token', async () => {
    setToken('not-a-token');
    const counts: number[] = [];
    startNotificationStream({ onUnread: (c) => counts.push(c), onNotification: () => {} });
    await vi.waitFor(() => expect(getToken()).toBeNull());
    expect(counts).toEqual([]);
  });

  test('pauses offline and resumes online with Last-Event-ID', async () => {
    const alice = createUser({ username: 'alice' });
    const bob = createUser({ username: 'bob' });
    setToken(alice.token);
    const ids: number[] = [];
    const counts: number[] = [];
    const stop = startNotificationStream({
      onUnread: (count) => counts.push(count),
      onNotification: (n) => ids.push(n.id),
    });
    await vi.waitFor(() => expect(counts).toEqual([0]));
    const first = createNotification({
      recipientId: alice.user.id,
      actorId: bob.user.id,
      kind: 'RelationAccepted',
      relationType: 2,
    });
    await vi.waitFor(() => expect(ids).toEqual([first.id]));

    onlineManager.setOnline(false);
    const missed = createNotification({
      recipientId: alice.user.id,
      actorId: bob.user.id,
      kind: 'RelationAccepted',
      relationType: 2,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ids).toEqual([first.id]);

    onlineManager.setOnline(true);
    // The reconnect replays what came after the last id seen, then the count.
    await vi.waitFor(() => expect(ids).toEqual([first.id, missed.id]));
    await vi.waitFor(() => expect(counts.at(-1)).toBe(2));
    stop();
  });

  test('reconnects with backoff, sending Last-Event-ID', async () => {
    const alice = createUser({ username: 'alice' });
    setToken(alice.token);
    const calls: { at: number; lastEventId: string | null }[] = [];
    const notification = {
      id: 5,
      kind: 'RelationAccepted',
      createTMS: new Date().toISOString(),
      isRead: false,
      actor: { id: 9, username: 'bob' },
      ruminationId: null,
      commentId: null,
      relationId: 3,
      relationType: 2,
    };
    server.use(
      http.get('*/api/notifications/stream', ({ request }) => {
        calls.push({ at: Date.now(), lastEventId: request.headers.get('Last-Event-ID') });
        if (calls.length > 1) return new HttpResponse(null, { status: 503 });
        // One event, then the server closes the stream.
        const body = `event: notification\nid: 5\ndata: ${JSON.stringify(notification)}\n\n`;
        return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    const ids: number[] = [];
    const stop = startNotificationStream({
      onUnread: () => {},
      onNotification: (n) => ids.push(n.id),
    });
    await vi.waitFor(() => expect(calls).toHaveLength(3), { timeout: 6_000 });
    stop();
    expect(ids).toEqual([5]);
    expect(calls.map((c) => c.lastEventId)).toEqual([null, '5', '5']);
    // 1 s after a good connection, then twice that after a failure.
    const [first, second, third] = calls.map((c) => c.at);
    expect(second! - first!).toBeGreaterThanOrEqual(900);
    expect(third! - second!).toBeGreaterThanOrEqual(1_900);
  });
});
