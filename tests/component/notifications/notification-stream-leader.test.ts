import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { server } from '../../../mocks/node';
import { createNotification, createUser } from '../../../mocks/store';
import type { Notification } from '../../../src/api/notification-schemas';
import { startSharedNotificationStream } from '../../../src/features/notifications/notification-stream-leader';
import { startTabNotificationStream } from '../../../src/features/notifications/use-notification-stream';
import { notificationKeys } from '../../../src/lib/query-keys';
import { setToken } from '../../../src/lib/token-storage';

/**
 * The tabs of one browser, as this file sees them: several client instances in one JS realm that
 * share one lock manager and one set of broadcast channels (jsdom has neither).
 */

/** navigator.locks, exclusive locks only: granted in the order asked, released when done. */
class FakeLockManager {
  private readonly held = new Set<string>();
  private readonly waiting = new Map<string, (() => void)[]>();

  request(
    name: string,
    options: { signal?: AbortSignal },
    callback: (lock: { name: string }) => unknown,
  ): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const grant = () => {
        this.held.add(name);
        Promise.resolve()
          .then(() => callback({ name }))
          .then(resolve, reject)
          .finally(() => {
            this.held.delete(name);
            this.waiting.get(name)?.shift()?.();
          });
      };
      if (!this.held.has(name)) {
        grant();
        return;
      }
      const queue = this.waiting.get(name) ?? [];
      queue.push(grant);
      this.waiting.set(name, queue);
      options.signal?.addEventListener('abort', () => {
        const index = queue.indexOf(grant);
        if (index < 0) return;
        queue.splice(index, 1);
        reject(new DOMException('The lock request was aborted', 'AbortError'));
      });
    });
  }
}

/** BroadcastChannel: a message reaches the other open channels of its name, a copy, later. */
class FakeBroadcastChannel {
  static readonly open = new Set<FakeBroadcastChannel>();
  onmessage: ((event: MessageEvent) => void) | null = null;

  constructor(readonly name: string) {
    FakeBroadcastChannel.open.add(this);
  }

  postMessage(data: unknown): void {
    for (const other of FakeBroadcastChannel.open) {
      if (other === this || other.name !== this.name) continue;
      const copy: unknown = structuredClone(data);
      setTimeout(() => {
        if (FakeBroadcastChannel.open.has(other)) other.onmessage?.({ data: copy } as MessageEvent);
      }, 0);
    }
  }

  close(): void {
    FakeBroadcastChannel.open.delete(this);
  }
}

/** One tab's view: what it was told, in order. */
function tab(userId: number | null) {
  const seen = { ids: [] as number[], counts: [] as number[] };
  const stop = startSharedNotificationStream({
    userId,
    onNotification: (n: Notification) => seen.ids.push(n.id),
    onUnread: (count) => seen.counts.push(count),
  });
  return { ...seen, stop };
}

/** The Last-Event-ID of every stream opened (null: none), in order. */
function recordStreams(): (string | null)[] {
  const opened: (string | null)[] = [];
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === '/api/notifications/stream') {
      opened.push(request.headers.get('Last-Event-ID'));
    }
  });
  return opened;
}

function notify(recipientId: number, actorId: number) {
  return createNotification({ recipientId, actorId, kind: 'RelationAccepted', relationType: 2 });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('one notification stream per browser and person, shared by its tabs', () => {
  const stops: (() => void)[] = [];

  beforeEach(() => {
    Object.defineProperty(navigator, 'locks', {
      value: new FakeLockManager(),
      configurable: true,
    });
    vi.stubGlobal('BroadcastChannel', FakeBroadcastChannel);
  });

  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
    Reflect.deleteProperty(navigator, 'locks');
    vi.unstubAllGlobals();
    FakeBroadcastChannel.open.clear();
    server.events.removeAllListeners();
  });

  function open(userId: number | null) {
    const opened = tab(userId);
    stops.push(opened.stop);
    return opened;
  }

  test('two tabs open one stream; the other tab gets its events and its unread count', async () => {
    const alice = createUser({ username: 'alice' });
    const bob = createUser({ username: 'bob' });
    setToken(alice.token);
    const streams = recordStreams();
    const first = open(alice.user.id);
    const second = open(alice.user.id);
    await vi.waitFor(() => expect(first.counts).toEqual([0]));

    const n = notify(alice.user.id, bob.user.id);
    await vi.waitFor(() => expect(second.ids).toEqual([n.id]));
    await vi.waitFor(() => expect(second.counts.at(-1)).toBe(1));
    expect(first.ids).toEqual([n.id]);
    expect(first.counts).toEqual([0, 1]);
    expect(streams).toEqual([null]);
  });

  test('when the holding tab goes, another opens the stream from the last id any tab saw', async () => {
    const alice = createUser({ username: 'alice' });
    const bob = createUser({ username: 'bob' });
    setToken(alice.token);
    const streams = recordStreams();
    const first = open(alice.user.id);
    await vi.waitFor(() => expect(first.counts).toEqual([0]));
    const seen = notify(alice.user.id, bob.user.id);
    await vi.waitFor(() => expect(first.ids).toEqual([seen.id]));

    // A tab opened after that event learns its id from the holder.
    const second = open(alice.user.id);
    await pause(20);
    first.stop();
    const missed = notify(alice.user.id, bob.user.id);

    await vi.waitFor(() => expect(second.ids).toEqual([missed.id]));
    await vi.waitFor(() => expect(second.counts.at(-1)).toBe(2));
    expect(streams).toEqual([null, String(seen.id)]);
    expect(first.ids).toEqual([seen.id]);
  });

  test('without Web Locks each tab holds a stream of its own, as before', async () => {
    Reflect.deleteProperty(navigator, 'locks');
    const alice = createUser({ username: 'alice' });
    setToken(alice.token);
    const streams = recordStreams();
    const first = open(alice.user.id);
    const second = open(alice.user.id);
    await vi.waitFor(() => expect(first.counts).toEqual([0]));
    await vi.waitFor(() => expect(second.counts).toEqual([0]));
    expect(streams).toEqual([null, null]);
  });

  test("the app's tabs share the stream of the person their token is", async () => {
    // An access token as the server signs them (only its `sub` is read here).
    const payload = btoa(JSON.stringify({ sub: '7' })).replace(/=+$/, '');
    const token = `eyJhbGciOiJIUzI1NiJ9.${payload}.signature`;
    setToken(token);
    const streams: (string | null)[] = [];
    server.use(
      http.get('*/api/notifications/stream', ({ request }) => {
        streams.push(request.headers.get('Authorization'));
        const body = new ReadableStream<Uint8Array>({
          start: (controller) =>
            controller.enqueue(new TextEncoder().encode('event: unread\ndata: {"count":3}\n\n')),
        });
        return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    const tabs = [new QueryClient(), new QueryClient()];
    for (const queryClient of tabs) stops.push(startTabNotificationStream(token, queryClient));
    for (const queryClient of tabs) {
      await vi.waitFor(() =>
        expect(queryClient.getQueryData(notificationKeys.unreadCount)).toEqual({ count: 3 }),
      );
    }
    expect(streams).toEqual([`Bearer ${token}`]);
  });
});
