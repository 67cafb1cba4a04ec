/**
 * The parts of a service worker's global scope this worker uses. TypeScript's "webworker" library
 * cannot sit beside "DOM" in one program (the SPA's), so the few types are written here; they
 * follow the Service Worker and Notifications API specifications, and tests pass fakes of them.
 */

/** ExtendableEvent: waitUntil keeps the worker alive; it throws on an untrusted (synthetic) event. */
export interface WorkerExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

export interface WorkerPushEvent extends WorkerExtendableEvent {
  readonly data: { text(): string } | null;
}

/** A notification as the worker gets it back in notificationclick. */
export interface ShownNotification {
  readonly tag: string;
  readonly data: unknown;
  close(): void;
}

export interface WorkerNotificationEvent extends WorkerExtendableEvent {
  readonly notification: ShownNotification;
}

/** NotificationOptions as Chromium takes them (the DOM library lacks renotify and timestamp). */
export interface PushNotificationOptions {
  body?: string;
  icon: string;
  badge: string;
  tag: string;
  /** A second message under the same tag alerts again instead of replacing silently. */
  renotify: boolean;
  timestamp?: number;
  lang: string;
  data: { url: string };
}

export interface WorkerWindowClient {
  readonly url: string;
  readonly focused: boolean;
  readonly visibilityState: DocumentVisibilityState;
  /** Needs the click's user activation: rejects otherwise. */
  focus(): Promise<WorkerWindowClient>;
  /** Only a window this worker controls; needs no user activation. */
  navigate(url: string): Promise<WorkerWindowClient | null>;
}

export interface WorkerClients {
  matchAll(options: {
    type: 'window';
    includeUncontrolled: boolean;
  }): Promise<readonly WorkerWindowClient[]>;
  /** Needs the click's user activation: rejects otherwise. */
  openWindow(url: string): Promise<WorkerWindowClient | null>;
}

export interface WorkerGlobalScope {
  readonly location: { readonly origin: string };
  readonly registration: {
    showNotification(title: string, options: PushNotificationOptions): Promise<void>;
  };
  readonly clients: WorkerClients;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'push', listener: (event: WorkerPushEvent) => void): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: WorkerNotificationEvent) => void,
  ): void;
}
