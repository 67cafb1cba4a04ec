import { t } from '@lingui/core/macro';
import { errorMessage } from '../../lib/error-message';
import { deletePushSubscription, fetchPushPublicKey, savePushSubscription } from './push-api';
import {
  browserCanPush,
  currentBrowserSubscription,
  deviceRecord,
  forgetDeviceRecord,
  keepDeviceRecord,
} from './this-device';

/**
 * The browser's side of "Notify this device": permission, the browser's subscription through the
 * service worker, and the server's record of it. Called from a click only: browsers ask for
 * permission on a person's gesture, and a settings page that asks on load is a page people leave.
 */

/** What the settings say, in the language spoken when they say it. */
export function pushUnsupported(): string {
  return t`This browser cannot show notifications.`;
}

export function pushBlocked(): string {
  return t`Notifications are blocked for Ruminations in this browser's settings.`;
}

/** Why turning on failed, in the words the settings show. */
export class PushSetupError extends Error {}

/** A worker that never starts (none registered) would leave the switch waiting forever. */
const WORKER_WAIT_MS = 10_000;

/** `reason` ends the sentence: one of the reasons below, or the browser's or server's words. */
function failed(reason: string): PushSetupError {
  return new PushSetupError(t`This device could not be subscribed: ${reason}`);
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(failed(t`the app's service worker is not running. Reload and try again.`)),
          WORKER_WAIT_MS,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The browser's subscription with this deployment's key (an older key's is replaced). */
async function subscribeBrowser(publicKey: string): Promise<PushSubscription> {
  const registration = await workerRegistration();
  const key = base64UrlToBytes(publicKey);
  try {
    const existing = await registration.pushManager.getSubscription();
    if (existing && sameBytes(existing.options.applicationServerKey, key)) return existing;
    // Subscribing with another key while one is held fails (InvalidStateError).
    await existing?.unsubscribe();
    return await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
  } catch (error) {
    // The browser's DOMException: its name says whether permission was the reason.
    const { name, message } = (error ?? {}) as { name?: unknown; message?: unknown };
    if (name === 'NotAllowedError') throw new PushSetupError(pushBlocked());
    throw failed(
      typeof message === 'string' && message.trim() !== '' ? message : t`the browser refused.`,
    );
  }
}

/** Turns push on for this browser and this account; answers the server's id of the subscription. */
export async function turnOnThisDevice(userId: number): Promise<number> {
  if (!browserCanPush()) throw new PushSetupError(pushUnsupported());
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushSetupError(pushBlocked());
  if (permission !== 'granted') throw failed(t`notifications were not allowed.`);
  let publicKey: string;
  try {
    publicKey = await fetchPushPublicKey();
  } catch (error) {
    throw failed(errorMessage(error, t`the server did not answer.`));
  }
  const subscription = await subscribeBrowser(publicKey);
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw failed(t`the browser gave no keys.`);
  let id: number;
  try {
    id = await savePushSubscription({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } });
  } catch (error) {
    throw failed(errorMessage(error, t`the server did not answer.`));
  }
  keepDeviceRecord(userId, { id, endpoint });
  return id;
}

/** The browser stops receiving, then forgets it was a device of the account. */
async function unsubscribeBrowser(userId: number): Promise<void> {
  const subscription = await currentBrowserSubscription();
  await subscription?.unsubscribe();
  forgetDeviceRecord(userId);
}

/** Off: the server forgets the subscription first (so a failure leaves it on, and says so). */
export async function turnOffThisDevice(userId: number): Promise<void> {
  const record = deviceRecord(userId);
  if (record) await deletePushSubscription(record.id);
  await unsubscribeBrowser(userId);
}

/** "Remove" in the list of devices; this browser's own also stops receiving here. */
export async function removeDevice(userId: number, id: number): Promise<void> {
  await deletePushSubscription(id);
  if (deviceRecord(userId)?.id === id) await unsubscribeBrowser(userId);
}
