import { describe, expect, test, vi } from 'vitest';
import type { Notification } from '../../src/api/notification-schemas';
import { handleNotificationClick, handlePush } from '../../src/service-worker/handlers';
import { clickTarget, openNotificationTarget } from '../../src/service-worker/notification-click';
import {
  APP_ICON,
  BADGE_ICON,
  notificationForPush,
  readPushPayload,
  UNREADABLE_TITLE,
} from '../../src/service-worker/push-notification';
import type {
  PushNotificationOptions,
  ShownNotification,
  WorkerClients,
  WorkerGlobalScope,
  WorkerNotificationEvent,
  WorkerPushEvent,
  WorkerWindowClient,
} from '../../src/service-worker/worker-types';

/**
 * The service worker's push and notificationclick handlers (src/service-worker), called with fakes
 * of the worker's scope: what a message shows, and where a click leads. The real worker runs them
 * in tests/e2e/push.spec.ts.
 */

const ORIGIN = 'https://ruminations.example';

const comment: Notification = {
  id: 41,
  kind: 'CommentOnMyRumination',
  createTMS: '2026-11-26T06:00:00.000Z',
  isRead: false,
  actor: { id: 7, username: 'bob', displayName: 'Bob Brown' },
  ruminationId: 5,
  commentId: 9,
  relationId: null,
  relationType: null,
};

const relation: Notification = {
  ...comment,
  id: 42,
  kind: 'RelationRequested',
  ruminationId: null,
  commentId: null,
  relationId: 3,
  relationType: 2,
};

const payload = (title: string, n: unknown) => JSON.stringify({ title, notification: n });

describe('notificationForPush: what a message shows', () => {
  test("a comment: the payload's title, the app's icon and badge, a tag per rumination, the comment's page", () => {
    const shown = notificationForPush(payload('Bob Brown commented on your rumination', comment));
    expect(shown.title).toBe('Bob Brown commented on your rumination');
    expect(shown.options).toEqual<PushNotificationOptions>({
      icon: APP_ICON,
      badge: BADGE_ICON,
      tag: 'rumination-5',
      renotify: true,
      lang: 'en',
      timestamp: Date.parse('2026-11-26T06:00:00.000Z'),
      data: { url: '/rumination/5#comment-9' },
    });
    // Names and ids only: nothing but the title is written.
    expect(shown.options.body).toBeUndefined();
  });

  test('two comments on one note share the tag (one notification); another note has its own', () => {
    const first = notificationForPush(payload('Bob Brown commented on your rumination', comment));
    const second = notificationForPush(
      payload('Carol commented on your rumination', { ...comment, id: 43, commentId: 10 }),
    );
    const elsewhere = notificationForPush(
      payload('Carol commented on your rumination', { ...comment, ruminationId: 6 }),
    );
    expect(second.options.tag).toBe(first.options.tag);
    expect(second.options.data.url).toBe('/rumination/5#comment-10');
    expect(elsewhere.options.tag).toBe('rumination-6');
  });

  test('a relation request leads to People, tagged by relation', () => {
    const shown = notificationForPush(payload('Bob Brown asked to be your Friend', relation));
    expect(shown.options.tag).toBe('relation-3');
    expect(shown.options.data.url).toBe('/people');
  });

  test.each([
    ['no data', null],
    ['not JSON', 'hello'],
    ['JSON but not an object', '[1,2]'],
    ['no title', JSON.stringify({ notification: comment })],
    ['an empty title', payload('  ', comment)],
    ['a title of 501 characters', payload('x'.repeat(501), comment)],
    ['no notification', JSON.stringify({ title: 'Hi' })],
    ['an unknown kind', payload('Hi', { ...comment, kind: 'Liked' })],
    ['a string id', payload('Hi', { ...comment, ruminationId: '5' })],
    ['a negative id', payload('Hi', { ...comment, commentId: -9 })],
    ['no actor', payload('Hi', { ...comment, actor: null })],
    ['an unknown relation type', payload('Hi', { ...relation, relationType: 99 })],
  ])('%s: still a notification (Chromium wants one per push), leading to the list', (_, text) => {
    const shown = notificationForPush(text);
    expect(shown.title).toBe(UNREADABLE_TITLE);
    expect(shown.options).toMatchObject({
      body: 'You have a new notification',
      tag: 'notifications',
      icon: APP_ICON,
      data: { url: '/notifications' },
    });
  });

  test('readPushPayload keeps the payload as sent', () => {
    expect(readPushPayload(payload('T', comment))).toEqual({ title: 'T', notification: comment });
  });
});

function fakeWindow(
  url: string,
  opts: { focused?: boolean; visible?: boolean; controlled?: boolean; activation?: boolean } = {},
) {
  const client: WorkerWindowClient & { navigatedTo: string[]; focusCalls: number } = {
    url,
    focused: opts.focused ?? false,
    visibilityState: (opts.visible ?? true) ? 'visible' : 'hidden',
    navigatedTo: [],
    focusCalls: 0,
    focus() {
      client.focusCalls += 1;
      return opts.activation === false
        ? Promise.reject(new DOMException('Not allowed to focus a window.', 'InvalidAccessError'))
        : Promise.resolve(client);
    },
    navigate(to) {
      if (opts.controlled === false) {
        return Promise.reject(new TypeError('This service worker is not the client’s active one.'));
      }
      client.navigatedTo.push(to);
      return Promise.resolve(client);
    },
  };
  return client;
}

function fakeClients(windows: WorkerWindowClient[], opts: { activation?: boolean } = {}) {
  const opened: string[] = [];
  const clients: WorkerClients = {
    matchAll: vi.fn(() => Promise.resolve(windows)),
    openWindow: vi.fn((url: string) => {
      if (opts.activation === false) {
        return Promise.reject(
          new DOMException('Not allowed to open a window.', 'InvalidAccessError'),
        );
      }
      opened.push(url);
      return Promise.resolve(fakeWindow(url));
    }),
  };
  return { clients, opened };
}

describe('clickTarget: the page a click leads to', () => {
  test("the notification's path on this origin", () => {
    expect(clickTarget({ url: '/rumination/5#comment-9' }, ORIGIN)).toBe(
      `${ORIGIN}/rumination/5#comment-9`,
    );
  });

  test.each([
    ['another origin', { url: 'https://elsewhere.example/x' }],
    ['a protocol-relative address', { url: '//elsewhere.example/x' }],
    ['a javascript: URL', { url: 'javascript:alert(1)' }],
    ['no url', {}],
    ['no data', null],
  ])('%s: the list of notifications instead', (_, data) => {
    expect(clickTarget(data, ORIGIN)).toBe(`${ORIGIN}/notifications`);
  });
});

describe('openNotificationTarget: where the click shows the page', () => {
  const target = `${ORIGIN}/rumination/5#comment-9`;

  test('an open window of the app is focused and shown the page; no new window', async () => {
    const tab = fakeWindow(`${ORIGIN}/public`);
    const { clients, opened } = fakeClients([tab]);
    await expect(openNotificationTarget(clients, target, ORIGIN)).resolves.toBe(tab);
    expect(tab.focusCalls).toBe(1);
    expect(tab.navigatedTo).toEqual([target]);
    expect(opened).toEqual([]);
    expect(clients.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
  });

  test('the focused window is chosen over a hidden one listed first', async () => {
    const hidden = fakeWindow(`${ORIGIN}/people`, { visible: false });
    const focused = fakeWindow(`${ORIGIN}/public`, { focused: true });
    const { clients } = fakeClients([hidden, focused]);
    await expect(openNotificationTarget(clients, target, ORIGIN)).resolves.toBe(focused);
    expect(hidden.navigatedTo).toEqual([]);
  });

  test('without user activation (focus refused) the open window is still shown the page', async () => {
    const tab = fakeWindow(`${ORIGIN}/public`, { activation: false });
    const { clients, opened } = fakeClients([tab], { activation: false });
    await expect(openNotificationTarget(clients, target, ORIGIN)).resolves.toBe(tab);
    expect(tab.navigatedTo).toEqual([target]);
    expect(opened).toEqual([]);
  });

  test('no window of the app: a new one opens on the page', async () => {
    const { clients, opened } = fakeClients([]);
    await openNotificationTarget(clients, target, ORIGIN);
    expect(opened).toEqual([target]);
  });

  test('a window this worker does not control cannot be navigated: a new one opens', async () => {
    const uncontrolled = fakeWindow(`${ORIGIN}/public`, { controlled: false });
    const { clients, opened } = fakeClients([uncontrolled]);
    await openNotificationTarget(clients, target, ORIGIN);
    expect(opened).toEqual([target]);
  });

  test('a window of another origin is never used', async () => {
    const other = fakeWindow('https://ruminations.example.evil.test/');
    const { clients, opened } = fakeClients([other]);
    await openNotificationTarget(clients, target, ORIGIN);
    expect(other.navigatedTo).toEqual([]);
    expect(opened).toEqual([target]);
  });

  test('nothing allowed (no window, no activation): resolves null, never throws', async () => {
    const { clients } = fakeClients([], { activation: false });
    await expect(openNotificationTarget(clients, target, ORIGIN)).resolves.toBeNull();
  });
});

function fakeScope(clients: WorkerClients) {
  const shown: { title: string; options: PushNotificationOptions }[] = [];
  const scope: WorkerGlobalScope = {
    location: { origin: ORIGIN },
    registration: {
      showNotification: (title, options) => {
        shown.push({ title, options });
        return Promise.resolve();
      },
    },
    clients,
    skipWaiting: () => Promise.resolve(),
    addEventListener: () => undefined,
  };
  return { scope, shown };
}

function extendable<T extends object>(fields: T, opts: { trusted: boolean }) {
  const waited: Promise<unknown>[] = [];
  const event = Object.assign(new Event('x'), fields, {
    waitUntil(promise: Promise<unknown>) {
      if (!opts.trusted) throw new DOMException('The event is not trusted.', 'InvalidStateError');
      waited.push(promise);
    },
  });
  return { event, waited };
}

describe('handlePush and handleNotificationClick: the events', () => {
  test('push: shows the notification and keeps the worker alive until it is shown', async () => {
    const { scope, shown } = fakeScope(fakeClients([]).clients);
    const text = payload('Bob Brown commented on your rumination', comment);
    const { event, waited } = extendable({ data: { text: () => text } }, { trusted: true });
    await handlePush(event as WorkerPushEvent, scope);
    expect(waited).toHaveLength(1);
    expect(shown).toEqual([notificationForPush(text)]);
  });

  test('push without data: the unreadable-message notification', async () => {
    const { scope, shown } = fakeScope(fakeClients([]).clients);
    const { event } = extendable({ data: null }, { trusted: true });
    await handlePush(event as WorkerPushEvent, scope);
    expect(shown.map((s) => s.title)).toEqual([UNREADABLE_TITLE]);
  });

  test('click: closes the notification and shows its page in the open window', async () => {
    const tab = fakeWindow(`${ORIGIN}/public`);
    const { scope } = fakeScope(fakeClients([tab]).clients);
    const notification: ShownNotification = {
      tag: 'rumination-5',
      data: { url: '/rumination/5#comment-9' },
      close: vi.fn(),
    };
    const { event, waited } = extendable({ notification }, { trusted: true });
    await handleNotificationClick(event as WorkerNotificationEvent, scope);
    expect(notification.close).toHaveBeenCalled();
    expect(waited).toHaveLength(1);
    expect(tab.navigatedTo).toEqual([`${ORIGIN}/rumination/5#comment-9`]);
  });

  test('a synthetic click (waitUntil throws, no activation) still shows the page in the open window', async () => {
    const tab = fakeWindow(`${ORIGIN}/public`, { activation: false });
    const { scope } = fakeScope(fakeClients([tab], { activation: false }).clients);
    const notification: ShownNotification = {
      tag: 'rumination-5',
      data: { url: '/rumination/5#comment-9' },
      close: vi.fn(),
    };
    const { event } = extendable({ notification }, { trusted: false });
    await handleNotificationClick(event as WorkerNotificationEvent, scope);
    expect(tab.navigatedTo).toEqual([`${ORIGIN}/rumination/5#comment-9`]);
  });
});
