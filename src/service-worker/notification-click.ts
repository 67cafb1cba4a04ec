import { UNREADABLE_PATH } from './push-notification';
import type { WorkerClients, WorkerWindowClient } from './worker-types';

/**
 * Where a click on a pushed notification leads: the page its data names, on this origin only (the
 * data is the worker's own, but a notification of another build must not lead elsewhere).
 */
export function clickTarget(data: unknown, origin: string): string {
  const path =
    typeof data === 'object' && data !== null && typeof (data as { url?: unknown }).url === 'string'
      ? (data as { url: string }).url
      : UNREADABLE_PATH;
  try {
    const url = new URL(path, origin);
    if (url.origin === origin) return url.href;
  } catch {
    // Not a URL: the list of notifications below.
  }
  return new URL(UNREADABLE_PATH, origin).href;
}

/** The focused window first, then visible ones, then the rest (matchAll lists recent first). */
function rank(client: WorkerWindowClient): number {
  if (client.focused) return 0;
  return client.visibilityState === 'visible' ? 1 : 2;
}

/**
 * Takes the person to `target`: a window of the app already open is brought forward and shown
 * the page (one tab rather than a new one per click), else a new window opens. focus() and
 * openWindow() need the click's user activation and reject without it; navigate() needs none but
 * only works on a window this worker controls, so an uncontrolled one (a hard reload) is passed
 * over. Resolves with the window that shows the page, or null when none could.
 */
export async function openNotificationTarget(
  clients: WorkerClients,
  target: string,
  origin: string,
): Promise<WorkerWindowClient | null> {
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true }))
    .filter((client) => client.url.startsWith(`${origin}/`))
    .sort((a, b) => rank(a) - rank(b));
  for (const client of windows) {
    // Asked first, while the click's activation lasts; the navigation does not wait for it.
    const focusing = client.focus().catch(() => null);
    const shown = await client.navigate(target).catch(() => null);
    await focusing;
    if (shown !== null) return shown;
  }
  return clients.openWindow(target).catch(() => null);
}
