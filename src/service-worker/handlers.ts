import { clickTarget, openNotificationTarget } from './notification-click';
import { notificationForPush } from './push-notification';
import type {
  WorkerExtendableEvent,
  WorkerGlobalScope,
  WorkerNotificationEvent,
  WorkerPushEvent,
} from './worker-types';

/**
 * The service worker's push and notificationclick handlers, apart from the worker's global scope
 * so that tests call them with fakes (tests/unit/service-worker-push.test.ts).
 */

/**
 * Keeps the worker alive until `work` settles. waitUntil throws on an event the browser did not
 * fire (a synthetic one, as a test dispatches): the work runs all the same.
 */
function keepAlive(event: WorkerExtendableEvent, work: Promise<unknown>): Promise<unknown> {
  const settled = work.catch(() => undefined);
  try {
    event.waitUntil(settled);
  } catch {
    // Untrusted event: nothing to extend.
  }
  return settled;
}

/** push: shows the message's notification (the title from the payload, a tag per rumination). */
export function handlePush(event: WorkerPushEvent, scope: WorkerGlobalScope): Promise<unknown> {
  let text: string | null = null;
  try {
    text = event.data?.text() ?? null;
  } catch {
    // Undecodable data: shown as a message that cannot be read.
  }
  const { title, options } = notificationForPush(text);
  return keepAlive(event, scope.registration.showNotification(title, options));
}

/** notificationclick: closes it and shows its page in an open window of the app, or a new one. */
export function handleNotificationClick(
  event: WorkerNotificationEvent,
  scope: WorkerGlobalScope,
): Promise<unknown> {
  event.notification.close();
  const origin = scope.location.origin;
  const target = clickTarget(event.notification.data, origin);
  return keepAlive(event, openNotificationTarget(scope.clients, target, origin));
}
