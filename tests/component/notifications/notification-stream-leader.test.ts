import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { server } from '../../../mocks/node';
import { createNotification } from '../../../mocks/store/notifications';
import { createUser } from '../../../mocks/store/factories';
import { startTabNotificationStream } from '../../../src/features/notifications/use-notification-stream';
import { notificationKeys } from '../../../src/lib/query-keys';
import { setToken } from '../../../src/lib/token-storage';
import { installFakeTabs, openTab, recordStreams, removeFakeTabs } from './fake-tabs';

function notify(recipientId: number, actorId: number) {
  return createNotification({ recipientId, actorId, kind: 'RelationAccepted', relationType: 2 });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('one notification stream per browser and person, shared by its tabs', () => {
  const stops: (() => void)[] = [];

  beforeEach(() => installFakeTabs());

  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
    removeFakeTabs();
  });

  function open(userId: number | null) {
    const opened = openTab(userId);
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
    // Alice had no notification: the stream starts after none (0).
    expect(streams).toEqual(['0']);
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
    expect(streams).toEqual(['0', String(seen.id)]);
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
    expect(streams).toEqual(['0', '0']);
  });

  test("the app's tabs share the stream of the person their token is", async () => {
    // An access token as the server signs them (only its `sub` is read here).
    const payload = btoa(JSON.stringify({ sub: '7' })).replace(/=+$/, '');
    const token = `eyJhbGciOiJIUzI1NiJ9.${payload}.signature`;
    setToken(token);
    const streams: (string | null)[] = [];
    server.use(
      // Where the stream starts: after the newest notification the list shows (none).
      http.get('*/api/notifications', () => HttpResponse.json([])),
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
