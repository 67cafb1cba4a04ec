/**
 * Which of the account's devices is this browser: the id the server gave its subscription, kept in
 * localStorage per account with the subscription's endpoint (the server lists ids and dates only).
 * Also the browser's own PushSubscription, read without waiting for a service worker that may never
 * come (no worker in development: navigator.serviceWorker.ready would never settle).
 */

const PREFIX = 'ruminations:push-device:';

export interface DeviceRecord {
  id: number;
  endpoint: string;
}

function keyOf(userId: number): string {
  return `${PREFIX}${userId}`;
}

export function deviceRecord(userId: number): DeviceRecord | null {
  try {
    const raw = localStorage.getItem(keyOf(userId));
    if (raw === null) return null;
    const parsed = JSON.parse(raw) as Partial<DeviceRecord>;
    return typeof parsed.id === 'number' && typeof parsed.endpoint === 'string'
      ? { id: parsed.id, endpoint: parsed.endpoint }
      : null;
  } catch {
    // Unreadable or refused: this browser does not know its device, so it shows as off.
    return null;
  }
}

export function keepDeviceRecord(userId: number, record: DeviceRecord): void {
  try {
    localStorage.setItem(keyOf(userId), JSON.stringify(record));
  } catch {
    // Not kept (private mode): the list will not say "This device", nothing else is lost.
  }
}

export function forgetDeviceRecord(userId: number): void {
  try {
    localStorage.removeItem(keyOf(userId));
  } catch {
    // Nothing to forget.
  }
}

/** Every account's record in this browser (sign-out removes this browser's subscription for good). */
export function allDeviceRecords(): { key: string; record: DeviceRecord }[] {
  const found: { key: string; record: DeviceRecord }[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(PREFIX) !== true) continue;
      const userId = Number(key.slice(PREFIX.length));
      const record = Number.isSafeInteger(userId) ? deviceRecord(userId) : null;
      if (record) found.push({ key, record });
    }
  } catch {
    // Storage refused: nothing was kept either.
  }
  return found;
}

export function forgetAllDeviceRecords(): void {
  for (const { key } of allDeviceRecords()) {
    try {
      localStorage.removeItem(key);
    } catch {
      // Refused: nothing was kept.
    }
  }
}

/** Whether this browser can receive Web Push at all. */
export function browserCanPush(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The browser's current push subscription for this app, if any; never waits for a worker. */
export async function currentBrowserSubscription(): Promise<PushSubscription | null> {
  if (!browserCanPush()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}
