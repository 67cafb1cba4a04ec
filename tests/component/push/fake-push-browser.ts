import { afterEach, vi } from 'vitest';
import { newSubscriber } from '../../support/web-push-receiver';

/**
 * What happy-dom lacks for Web Push: Notification, PushManager and a service worker registration whose
 * pushManager subscribes as a browser does (a real P-256 key and auth secret, so the mock backend's
 * checks pass; an endpoint on a known push service). Removed again after each test.
 */

export interface FakeSubscription {
  endpoint: string;
  options: { userVisibleOnly: boolean; applicationServerKey: ArrayBuffer };
  toJSON: () => { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  unsubscribe: () => Promise<boolean>;
}

export interface FakePushBrowser {
  /** What Notification.requestPermission answers. */
  answer: NotificationPermission;
  requestPermission: ReturnType<typeof vi.fn>;
  subscribe: ReturnType<typeof vi.fn>;
  /** The subscription the browser holds now. */
  current: FakeSubscription | null;
  /** Set: pushManager.subscribe rejects with it. */
  subscribeError: Error | null;
  unsubscribed: string[];
}

let count = 0;
let installed = false;

afterEach(() => {
  if (!installed) return;
  installed = false;
  const w = window as unknown as Record<string, unknown>;
  delete w.Notification;
  delete w.PushManager;
  delete (navigator as unknown as Record<string, unknown>).serviceWorker;
});

export function installPushBrowser(
  options: { permission?: NotificationPermission; answer?: NotificationPermission } = {},
): FakePushBrowser {
  installed = true;
  const fake: FakePushBrowser = {
    answer: options.answer ?? 'granted',
    requestPermission: vi.fn(() => Promise.resolve(fake.answer)),
    subscribe: vi.fn(),
    current: null,
    subscribeError: null,
    unsubscribed: [],
  };
  const makeSubscription = (key: Uint8Array): FakeSubscription => {
    count += 1;
    const endpoint = `https://updates.push.services.mozilla.com/wpush/v2/device-${count}`;
    const { p256dh, auth } = newSubscriber();
    const subscription: FakeSubscription = {
      endpoint,
      options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(key).buffer },
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
      unsubscribe: () => {
        fake.unsubscribed.push(endpoint);
        if (fake.current === subscription) fake.current = null;
        return Promise.resolve(true);
      },
    };
    return subscription;
  };
  fake.subscribe.mockImplementation(
    (opts: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
      if (fake.subscribeError) return Promise.reject(fake.subscribeError);
      fake.current = makeSubscription(opts.applicationServerKey);
      return Promise.resolve(fake.current);
    },
  );
  const registration = {
    pushManager: {
      getSubscription: () => Promise.resolve(fake.current),
      subscribe: fake.subscribe,
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      ready: Promise.resolve(registration),
      getRegistration: () => Promise.resolve(registration),
    },
  });
  const w = window as unknown as Record<string, unknown>;
  w.PushManager = class PushManager {};
  w.Notification = class Notification {
    static permission: NotificationPermission = options.permission ?? 'default';
    static requestPermission = fake.requestPermission;
  };
  return fake;
}
