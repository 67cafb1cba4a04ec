import { onlineManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { server } from '../../../mocks/node';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createNotification } from '../../../mocks/store/notifications';
import { createUser } from '../../../mocks/store/factories';
import { REPLACED_EVENT } from '../../../src/api/notification-stream-format';
import {
  REPLACED_RETRY_MS,
  SseParser,
  startNotificationStream,
} from '../../../src/features/notifications/notification-stream';
import { getToken, setToken } from '../../../src/lib/token-storage';

/** A notification as the stream sends it (bob accepted a relation). */
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

  test('dispatches an event without data when its name is one the stream sends bare', () => {
    const parser = new SseParser('4', ['replaced']);
    expect(parser.push(`${REPLACED_EVENT}event: unread\n\n`)).toEqual([
      { event: 'replaced', data: '', lastEventId: '4' },
    ]);
  });
});

describe('startNotificationStream', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
    vi.useRealTimers();
    server.events.removeAllListeners();
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

  test('starts after the newest notification the list shows: a reconnect before any event misses nothing', async () => {
    const alice = createUser({ username: 'alice' });
    const bob = createUser({ username: 'bob' });
    setToken(alice.token);
    const old = createNotification({
      recipientId: alice.user.id,
      actorId: bob.user.id,
      kind: 'RelationAccepted',
      relationType: 2,
    });
    const streams: (string | null)[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/notifications/stream') {
        streams.push(request.headers.get('Last-Event-ID'));
      }
    });
    const ids: number[] = [];
    const counts: number[] = [];
    const places: string[] = [];
    const stop = startNotificationStream({
      onUnread: (count) => counts.push(count),
      onNotification: (n) => ids.push(n.id),
      onLastEventId: (id) => places.push(id),
    });
    await vi.waitFor(() => expect(counts).toEqual([1]));
    // The list's business, not the stream's: what existed before it opened is not sent.
    expect(ids).toEqual([]);
    expect(places).toEqual([String(old.id)]);

    // Offline before the stream sent any notification: no event id yet, but a place all the same.
    onlineManager.setOnline(false);
    const missed = createNotification({
      recipientId: alice.user.id,
      actorId: bob.user.id,
      kind: 'RelationAccepted',
      relationType: 2,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(ids).toEqual([missed.id]));
    await vi.waitFor(() => expect(counts.at(-1)).toBe(2));
    expect(streams).toEqual([String(old.id), String(old.id)]);
    expect(places).toEqual([String(old.id), String(missed.id)]);
    stop();
  });

  test('a failed read of where to start is tried again after the backoff', async () => {
    const alice = createUser({ username: 'alice' });
    setToken(alice.token);
    const reads: number[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/notifications') reads.push(Date.now());
    });
    server.use(
      http.get('*/api/notifications', () => new HttpResponse(null, { status: 503 }), {
        once: true,
      }),
    );
    const counts: number[] = [];
    const stop = startNotificationStream({
      onUnread: (c) => counts.push(c),
      onNotification: () => {},
    });
    await vi.waitFor(() => expect(counts).toEqual([0]), { timeout: 3_000 });
    expect(reads).toHaveLength(2);
    expect(reads[1]! - reads[0]!).toBeGreaterThanOrEqual(900);
    expect(getToken()).toBe(alice.token);
    stop();
  });

  test('reconnects with backoff, sending Last-Event-ID', async () => {
    const alice = createUser({ username: 'alice' });
    setToken(alice.token);
    const calls: { at: number; lastEventId: string | null }[] = [];
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
    // Alice has no notification yet: the first stream starts after none (0), not after nothing.
    expect(calls.map((c) => c.lastEventId)).toEqual(['0', '5', '5']);
    // 1 s after a good connection, then twice that after a failure.
    const [first, second, third] = calls.map((c) => c.at);
    expect(second! - first!).toBeGreaterThanOrEqual(900);
    expect(third! - second!).toBeGreaterThanOrEqual(1_900);
  });

  describe('after `event: replaced` (the server keeps 5 streams a person)', () => {
    /** The first stream sends one notification, then `replaced`, then ends; later ones stay open. */
    function replacingServer() {
      const calls: (string | null)[] = [];
      server.use(
        http.get('*/api/notifications/stream', ({ request }) => {
          calls.push(request.headers.get('Last-Event-ID'));
          const body =
            calls.length === 1
              ? `event: notification\nid: 5\ndata: ${JSON.stringify(notification)}\n\n${REPLACED_EVENT}`
              : new ReadableStream({ start: (controller) => controller.enqueue(new Uint8Array()) });
          return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
        }),
      );
      return calls;
    }

    afterEach(() => {
      vi.restoreAllMocks();
      Reflect.deleteProperty(document, 'visibilityState');
    });

    test('it does not reconnect before a long wait, says so once, then resumes from the last id', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
      const info = vi.spyOn(console, 'info').mockImplementation(() => {});
      const alice = createUser({ username: 'alice' });
      setToken(alice.token);
      const calls = replacingServer();
      const ids: number[] = [];
      const stop = startNotificationStream({
        onUnread: () => {},
        onNotification: (n) => ids.push(n.id),
      });
      await vi.waitFor(() => expect(ids).toEqual([5]));

      // Far past the backoff of an ordinary end (1 s), and going offline and online again.
      await vi.advanceTimersByTimeAsync(5_000);
      onlineManager.setOnline(false);
      onlineManager.setOnline(true);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(calls).toEqual(['0']);
      expect(info).toHaveBeenCalledTimes(1);

      await vi.advanceTimersByTimeAsync(REPLACED_RETRY_MS);
      await vi.waitFor(() => expect(calls).toEqual(['0', '5']));
      expect(info).toHaveBeenCalledTimes(1);
      stop();
    });

    test('in a hidden tab it waits until the tab is seen again', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
      vi.spyOn(console, 'info').mockImplementation(() => {});
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      const alice = createUser({ username: 'alice' });
      setToken(alice.token);
      const calls = replacingServer();
      const ids: number[] = [];
      const stop = startNotificationStream({
        onUnread: () => {},
        onNotification: (n) => ids.push(n.id),
      });
      await vi.waitFor(() => expect(ids).toEqual([5]));

      await vi.advanceTimersByTimeAsync(REPLACED_RETRY_MS * 3);
      expect(calls).toEqual(['0']);

      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.waitFor(() => expect(calls).toEqual(['0', '5']));
      stop();
    });
  });
});
