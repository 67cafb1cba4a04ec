import type { APIRequestContext, BrowserContext, CDPSession, Page, Worker } from '@playwright/test';
import type { TestUser } from '../server/support/test-users';
import {
  decryptPush,
  newSubscriber,
  verifyVapid,
  type ReceivedPush,
  type Subscriber,
} from '../support/web-push-receiver';
import { expect, signInAs, test } from './support/fixtures';
import { pushEndpoint, receivedFor } from './support/push-service';
import { commentViaApi, createRuminationViaApi } from './support/ui';

// This file is about the service worker and its push messages: a fresh browser context for each
// test, not the worker's reused one (playwright.config.ts, reuseContext).
test.use({ reuseContext: false, serviceWorkers: 'allow' });

/**
 * Reach them when the app is closed (issue 26), in Chromium against the real server: A turns on
 * "Notify this device" in Settings (the browser's permission granted by the test), closes the app,
 * B comments on A's public note; the server's encrypted, VAPID-signed request reaches the push
 * service, and the message it carries, delivered to A's real service worker, shows the
 * notification; a click on it lands on the comment.
 *
 * What the sandbox cannot provide, and what stands in for it:
 * - Chromium's push service (FCM) is out of reach, so PushManager.subscribe would fail: an init
 *   script answers a subscription shaped like the browser's, whose endpoint is the journeys' local
 *   push service (support/push-service.ts) and whose keys the test holds (newSubscriber). That is
 *   the only part of the browser replaced.
 * - The push service cannot hand the message to Chromium either: the test decrypts what the server
 *   sent it (RFC 8291), checks its VAPID signature (RFC 8292), and delivers exactly that payload to
 *   the real service worker through the DevTools protocol (ServiceWorker.deliverPushMessage), as
 *   Chromium does with what FCM hands it: a push event in the worker.
 * - Nothing clicks an OS notification (no DevTools command does; web-platform-tests has no way
 *   either): a notificationclick event is dispatched in the worker with the notification it shows.
 *   The browser marks such an event untrusted, so waitUntil throws and focus() and openWindow() are
 *   refused; navigating an open window of the app needs no user activation, and that is what is
 *   tested here. Opening a new window when none is open is tested with fakes
 *   (tests/unit/service-worker-push.test.ts).
 */

interface PushedNotification {
  title: string;
  notification: {
    id: number;
    kind: string;
    actor: { id: number; username: string; displayName: string };
    ruminationId: number | null;
    commentId: number | null;
  };
}

/**
 * The init script: PushManager as Chromium's would be with a reachable push service. The
 * subscription (endpoint and keys from the test, the application server key the app gave) is kept
 * in localStorage, so getSubscription answers it after a reload, as the browser's does.
 */
function fakePushManager(device: { endpoint: string; p256dh: string; auth: string }) {
  const STORE = 'e2e:push-subscription';
  const toBytes = (b64url: string) => {
    const b64 = b64url.replace(/-/g, '+').replace(/_/g, '/');
    return Uint8Array.from(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)), (c) =>
      c.charCodeAt(0),
    ).buffer;
  };
  const toB64url = (bytes: ArrayBuffer | ArrayBufferView) => {
    const view =
      bytes instanceof ArrayBuffer
        ? new Uint8Array(bytes)
        : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return btoa(String.fromCharCode(...view))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  };
  const subscription = (applicationServerKey: string) => ({
    endpoint: device.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: toBytes(applicationServerKey) },
    getKey: (name: string) => toBytes(name === 'p256dh' ? device.p256dh : device.auth),
    toJSON: () => ({
      endpoint: device.endpoint,
      expirationTime: null,
      keys: { p256dh: device.p256dh, auth: device.auth },
    }),
    unsubscribe: () => {
      localStorage.removeItem(STORE);
      return Promise.resolve(true);
    },
  });
  PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
    if (Notification.permission !== 'granted') {
      return Promise.reject(new DOMException('Registration failed', 'NotAllowedError'));
    }
    const key = options?.applicationServerKey;
    if (!key || typeof key === 'string') {
      return Promise.reject(new DOMException('No applicationServerKey', 'InvalidAccessError'));
    }
    const applicationServerKey = toB64url(key);
    localStorage.setItem(STORE, applicationServerKey);
    return Promise.resolve(subscription(applicationServerKey) as unknown as PushSubscription);
  };
  PushManager.prototype.getSubscription = function () {
    const kept = localStorage.getItem(STORE);
    return Promise.resolve(
      kept === null ? null : (subscription(kept) as unknown as PushSubscription),
    );
  };
}

/** A browser whose push subscription reaches the local push service; notifications allowed. */
async function deviceFor(context: BrowserContext, name: string) {
  const subscriber = newSubscriber();
  const endpoint = pushEndpoint(name);
  await context.grantPermissions(['notifications']);
  await context.addInitScript(fakePushManager, {
    endpoint,
    p256dh: subscriber.p256dh,
    auth: subscriber.auth,
  });
  return { subscriber, endpoint };
}

/** Settings → Notifications → "Notify this device" on, as a person does it; the server keeps it. */
async function turnOnNotifications(
  page: Page,
  request: APIRequestContext,
  user: TestUser,
): Promise<void> {
  await page.goto('/settings');
  const notify = page.getByRole('checkbox', { name: 'Notify this device' });
  await expect(notify).toBeEnabled();
  await expect(notify).not.toBeChecked();
  // check() reads the box at once after the click: it must show what was asked straight away.
  await notify.check();
  // Checked at once while the browser and the server are asked; done when the list of devices
  // names this browser.
  await expect(page.getByRole('list', { name: 'Devices' }).getByRole('listitem')).toContainText(
    'This device',
    { timeout: 20_000 },
  );
  await expect(notify).toBeChecked();
  await expect(page.getByText('Turning on notifications for this device...')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  const devices = await request.get('/api/push/subscriptions', {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(((await devices.json()) as unknown[]).length, 'devices the server keeps').toBe(1);
}

/** The server's VAPID public key (GET /api/push/public-key). */
async function serverVapidKey(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/push/public-key');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { publicKey: string }).publicKey;
}

/** Waits for `count` requests at the endpoint (the contract: within 5 seconds of the comment). */
async function pushesReceived(endpoint: string, count: number): Promise<ReceivedPush[]> {
  let got: ReceivedPush[] = [];
  await expect
    .poll(async () => (got = await receivedFor(endpoint)).length, {
      message: `${count} push request(s) at the push service`,
      timeout: 10_000,
    })
    .toBe(count);
  return got;
}

/**
 * What the push service checks and what the browser decrypts: the request is RFC 8030's, signed
 * by the server's VAPID key (RFC 8292) and encrypted to this device's keys (RFC 8291).
 */
async function openPush(
  push: ReceivedPush,
  device: { subscriber: Subscriber; endpoint: string },
  vapidKey: string,
): Promise<{ text: string; payload: PushedNotification }> {
  expect(push.headers['content-encoding']).toBe('aes128gcm');
  expect(Number(push.headers.ttl)).toBeGreaterThan(0);
  expect(push.headers.urgency).toBe('normal');
  const { publicKey } = await verifyVapid(push.headers, device.endpoint);
  expect(publicKey, 'signed with the key the app subscribed with').toBe(vapidKey);
  const text = decryptPush(push.body, device.subscriber);
  return { text, payload: JSON.parse(text) as PushedNotification };
}

/** A DevTools session able to deliver push messages to the context's service worker. */
async function pushDelivery(context: BrowserContext, page: Page, origin: string) {
  const cdp: CDPSession = await context.newCDPSession(page);
  const registrations = new Map<string, { scopeURL: string; isDeleted: boolean }>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
    for (const r of event.registrations) registrations.set(r.registrationId, r);
  });
  const running = new Map<string, string>();
  cdp.on('ServiceWorker.workerVersionUpdated', (event) => {
    for (const v of event.versions) running.set(v.versionId, v.runningStatus);
  });
  await cdp.send('ServiceWorker.enable');
  let registrationId = '';
  await expect
    .poll(() => {
      for (const [id, r] of registrations) {
        if (r.scopeURL === `${origin}/` && !r.isDeleted) registrationId = id;
      }
      return registrationId;
    })
    .not.toBe('');
  return {
    /** Stops the worker, as the browser does with an idle one: the push has to wake it. */
    async stopWorkers() {
      await cdp.send('ServiceWorker.stopAllWorkers');
      await expect
        .poll(() => [...running.values()], { message: 'the service worker stopped' })
        .toEqual(expect.arrayContaining(['stopped']));
      expect([...running.values()].every((status) => status === 'stopped')).toBe(true);
    },
    deliver: (data: string) =>
      cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data }),
  };
}

interface ShownNotification {
  title: string;
  tag: string;
  icon: string;
  badge: string;
  body: string;
  data: unknown;
}

/** What the worker's registration shows, read from a page of the origin. */
function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      tag: n.tag,
      icon: n.icon,
      // Chromium shows a notification's badge; TypeScript 7's DOM types leave it out.
      badge: (n as Notification & { badge: string }).badge,
      body: n.body,
      data: n.data as unknown,
    }));
  });
}

/** The app's running service worker, as Playwright sees it (it restarts after a stop). */
async function appWorker(context: BrowserContext, origin: string): Promise<Worker> {
  let worker: Worker | undefined;
  await expect
    .poll(() => (worker = context.serviceWorkers().find((w) => w.url() === `${origin}/sw.js`)))
    .toBeTruthy();
  return worker!;
}

/** A click on the notification shown under `tag`: notificationclick, dispatched in the worker. */
function clickNotification(worker: Worker, tag: string): Promise<string> {
  return worker.evaluate(async (wanted) => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [notification] = await scope.registration.getNotifications({ tag: wanted });
    if (!notification) return 'no notification under that tag';
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
    return 'clicked';
  }, tag);
}

test('A hears of B’s comment with the app closed, and the click lands on the comment', async ({
  page,
  context,
  request,
  createUsers,
  app,
}) => {
  test.setTimeout(120_000);
  const origin = new URL(app.baseURL).origin;
  const [alice, bob] = await createUsers('alice', 'bob');
  const noteText = `A quiet thought of ${alice.username}`;
  const { id: noteId } = await createRuminationViaApi(request, alice, noteText);
  const device = await deviceFor(context, 'alice');

  await signInAs(page, alice, '/my-ruminations');
  await turnOnNotifications(page, request, alice);
  const vapidKey = await serverVapidKey(request);
  // The app subscribed with the server's key (a push service checks the VAPID signature by it).
  expect(await page.evaluate(() => localStorage.getItem('e2e:push-subscription'))).toBe(vapidKey);

  // A closes the app: a blank tab stays for the DevTools session, no page of the app is open.
  const blank = await context.newPage();
  await page.close();
  const delivery = await pushDelivery(context, blank, origin);
  await delivery.stopWorkers();

  const commentText = `Words only A may read, from ${bob.username}`;
  const commentedAt = Date.now();
  const { id: commentId } = await commentViaApi(
    request,
    bob,
    { ruminationId: noteId },
    commentText,
  );

  const [push] = await pushesReceived(device.endpoint, 1);
  expect(push!.receivedAt - commentedAt, 'sent within 5 seconds (the contract)').toBeLessThan(5000);
  const { text, payload } = await openPush(push!, device, vapidKey);
  expect(payload.notification).toMatchObject({
    kind: 'CommentOnMyRumination',
    actor: { id: bob.id, username: bob.username },
    ruminationId: noteId,
    commentId,
  });
  expect(payload.title).toBe(
    `${payload.notification.actor.displayName} commented on your rumination`,
  );
  expect(payload.title).toContain(bob.username); // no display name chosen: the username
  // Names and ids only: neither the comment's words nor the note's.
  expect(text).not.toContain(commentText);
  expect(text).not.toContain(noteText);
  expect(text).not.toContain('Words only');

  // The push service hands it to the browser: the stopped worker wakes and shows it.
  await delivery.deliver(text);
  const later = await context.newPage();
  const laterErrors: string[] = [];
  later.on('pageerror', (error) => laterErrors.push(error.message));
  await later.goto('/notifications');
  await expect
    .poll(() => shownNotifications(later), { message: 'the notification the worker shows' })
    .toEqual([
      {
        title: payload.title,
        tag: `rumination-${noteId}`,
        icon: `${origin}/icons/icon-192.png`,
        badge: `${origin}/icons/badge-96.png`,
        body: '',
        data: { url: `/rumination/${noteId}#comment-${commentId}` },
      },
    ]);

  // A clicks it: the open tab of the app is shown the comment.
  expect(await clickNotification(await appWorker(context, origin), `rumination-${noteId}`)).toBe(
    'clicked',
  );
  await expect(later).toHaveURL(`${origin}/rumination/${noteId}#comment-${commentId}`);
  const comment = later.locator(`#comment-${commentId}`);
  await expect(comment).toBeVisible();
  await expect(comment).toContainText(commentText);
  await expect(comment).toBeInViewport();
  await expect
    .poll(() => shownNotifications(later), { message: 'closed by the click' })
    .toEqual([]);
  expect(laterErrors, 'uncaught exceptions in the page').toEqual([]);
});

test('two comments on one note show as one notification, the latest', async ({
  page,
  context,
  request,
  createUsers,
  app,
}) => {
  test.setTimeout(120_000);
  const origin = new URL(app.baseURL).origin;
  const [alice, bob, carol] = await createUsers('alice', 'bob', 'carol');
  const { id: noteId } = await createRuminationViaApi(
    request,
    alice,
    `Two answers for ${alice.username}`,
  );
  const device = await deviceFor(context, 'alice-two');
  await signInAs(page, alice, '/my-ruminations');
  await turnOnNotifications(page, request, alice);
  const vapidKey = await serverVapidKey(request);
  const delivery = await pushDelivery(context, page, origin);

  await commentViaApi(request, bob, { ruminationId: noteId }, 'First answer');
  const [first] = await pushesReceived(device.endpoint, 1);
  await commentViaApi(request, carol, { ruminationId: noteId }, 'Second answer');
  const [, second] = await pushesReceived(device.endpoint, 2);

  // One after the other, as two comments a moment apart arrive: the first is on screen when the
  // second comes (two deliveries in the same instant may be shown in either order).
  const { payload: earlier, text: firstText } = await openPush(first!, device, vapidKey);
  await delivery.deliver(firstText);
  await expect
    .poll(() => shownNotifications(page).then((list) => list.map((n) => n.title)))
    .toEqual([earlier.title]);
  const { payload: latest, text: secondText } = await openPush(second!, device, vapidKey);
  await delivery.deliver(secondText);
  expect(latest.notification.actor.id).toBe(carol.id);
  await expect
    .poll(() => shownNotifications(page).then((list) => list.map((n) => `${n.tag}: ${n.title}`)))
    .toEqual([`rumination-${noteId}: ${latest.title}`]);
});
