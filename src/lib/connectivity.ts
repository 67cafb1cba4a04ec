import { onlineManager } from '@tanstack/react-query';

/**
 * Whether the server can be reached, as React Query's onlineManager knows it (queries wait, queued
 * writes pause, the "Offline" line shows). The browser's own word is not enough: `navigator.onLine`
 * says only that some network is up (a train's Wi-Fi with no way out, a page reloaded without
 * network by a test browser), and no `offline` event comes then. So a call that gets no answer at
 * all counts too: the app goes offline, and asks the server now and then until it answers.
 */

/** How often an app that lost the server asks again (one small GET: the server's health). */
export const PROBE_INTERVAL_MS = 3_000;
const PROBE_URL = '/api/health';

let probeTimer: ReturnType<typeof setTimeout> | undefined;

function stopProbing(): void {
  if (probeTimer !== undefined) clearTimeout(probeTimer);
  probeTimer = undefined;
}

function probeLater(): void {
  if (probeTimer !== undefined) return;
  probeTimer = setTimeout(() => {
    probeTimer = undefined;
    void probe();
  }, PROBE_INTERVAL_MS);
}

async function probe(): Promise<void> {
  if (onlineManager.isOnline()) return;
  // The browser knows it has no network at all: its `online` event will say when that changes.
  if (!navigator.onLine) return;
  try {
    await fetch(PROBE_URL, { cache: 'no-store' });
    // Any answer, even an error status, means the server is reachable again.
    onlineManager.setOnline(true);
  } catch {
    probeLater();
  }
}

/**
 * A call got an answer: whatever it says, the server is reachable. Unless the browser has said
 * since that it has no network at all: then it is the late answer of a call made before, and the
 * browser's `online` event will bring the app back. (Taken for a way back, it sent a write pressed
 * just after the network went to the server instead of the queue, and the write failed there.)
 */
export function noticeAnswer(): void {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return;
  stopProbing();
  if (!onlineManager.isOnline()) onlineManager.setOnline(true);
}

/** A call got no answer at all (not one that was cancelled): treat the app as offline until one comes. */
export function noticeNoAnswer(): void {
  if (onlineManager.isOnline()) onlineManager.setOnline(false);
  probeLater();
}

/** `fetch` for the API client: the same call, noticing whether the server answered. */
export async function fetchNoticingConnectivity(
  input: RequestInfo | URL,
  init?: RequestInit,
): Promise<Response> {
  try {
    const response = await fetch(input, init);
    noticeAnswer();
    return response;
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) noticeNoAnswer();
    throw error;
  }
}

/**
 * A page opened offline knows it at once: React Query assumes "online" until an event says
 * otherwise. (Its own `online` listener brings the app back; a wrong "online" lasts one call.)
 */
export function startOffline(): void {
  if (typeof navigator !== 'undefined' && !navigator.onLine) onlineManager.setOnline(false);
}
