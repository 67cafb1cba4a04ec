import webpush from 'web-push';
import { retryAfterMs, type SendResult } from './push-retry';
import type { VapidDetails } from './vapid-keys';

/**
 * One Web Push request to one device (api-contract.md "Reach them when the app is closed"): the
 * payload encrypted to the device's keys (RFC 8291 aes128gcm) and signed with the server's VAPID
 * key (RFC 8292) by the web-push library, then sent with fetch, which never follows a redirect (a
 * push service's endpoint answers itself; a redirect could point anywhere) and gives up after
 * PUSH_TIMEOUT_MS. fetch rather than the library's own sender so that an http: origin listed in
 * PUSH_ALLOWED_ORIGINS (a self-hosted push service, the tests') works as well as https:.
 */

/** How long a push service may take to answer. */
export const PUSH_TIMEOUT_MS = 10_000;

/** How long a push service keeps a message for a device that is offline: a day. */
export const PUSH_TTL_SECONDS = 86_400;

/** A push service answers with a few bytes at most; more is not read. */
const ANSWER_BYTES_READ = 64 * 1024;

export interface Device {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The request as it goes out: encryption and signing are here, synchronous CPU work. */
export function pushRequest(
  device: Device,
  payload: string,
  vapid: VapidDetails,
): { url: string; method: string; headers: Record<string, string>; body: Uint8Array<ArrayBuffer> } {
  const details = webpush.generateRequestDetails(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    payload,
    { vapidDetails: vapid, TTL: PUSH_TTL_SECONDS, urgency: 'normal' },
  );
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) {
    // fetch sets Content-Length from the body itself.
    if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
  }
  return {
    url: details.endpoint,
    method: details.method,
    headers,
    body: new Uint8Array(details.body),
  };
}

/** Reads what a push service answered (a few bytes), so its connection can be used again. */
async function drain(response: Response): Promise<void> {
  const reader = response.body?.getReader();
  if (reader === undefined) return;
  let read = 0;
  try {
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) return;
      read += chunk.value.byteLength;
      if (read > ANSWER_BYTES_READ) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The answer's status is all that counts.
  }
}

/** Sends one prepared request; `stop` aborts it when this instance is stopping. */
export async function sendPushRequest(
  request: ReturnType<typeof pushRequest>,
  stop: AbortSignal,
): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.any([stop, AbortSignal.timeout(PUSH_TIMEOUT_MS)]),
    });
  } catch {
    return { status: null, stopped: stop.aborted };
  }
  await drain(response);
  return {
    status: response.status,
    retryAfterMs: retryAfterMs(response.headers.get('retry-after'), Date.now()),
  };
}
