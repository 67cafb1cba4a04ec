import webpush from 'web-push';
import { retryAfterMs, type SendResult } from './push-retry';
import type { VapidDetails } from './vapid-keys';

/**
 * One Web Push request to one device (api-contract.md "Reach them when the app is closed"): the
 * payload encrypted to the device's keys (RFC 8291 aes128gcm) and signed with the server's VAPID
 * key (RFC 8292), both by the web-push library, then sent with fetch, which never follows a redirect (a
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

/**
 * How long one VAPID signature is used for: RFC 8292 lets a server send many messages to a push
 * service with one JWT (at most 24 hours long); signing it anew for each message cost 5 ms of CPU,
 * four times the encryption. Each JWT is made to expire VAPID_JWT_LIFETIME_S after signing and
 * reused for half of that, so none goes out with less than an hour left.
 */
export const VAPID_JWT_LIFETIME_S = 12 * 60 * 60;
const VAPID_JWT_REUSE_MS = (VAPID_JWT_LIFETIME_S / 2) * 1000;
/** Push services are few; more audiences than this are signed afresh rather than kept. */
const VAPID_AUDIENCES_KEPT = 256;

/** The `Authorization: vapid t=…, k=…` header of each push service (audience: its origin). */
export class VapidSigner {
  private readonly signed = new Map<string, { header: string; until: number }>();

  constructor(readonly vapid: VapidDetails) {}

  authorization(endpoint: string, now: number = Date.now()): string {
    const audience = new URL(endpoint).origin;
    const kept = this.signed.get(audience);
    if (kept !== undefined && kept.until > now) return kept.header;
    const { Authorization: header } = webpush.getVapidHeaders(
      audience,
      this.vapid.subject,
      this.vapid.publicKey,
      this.vapid.privateKey,
      'aes128gcm',
      Math.floor(now / 1000) + VAPID_JWT_LIFETIME_S,
    );
    if (this.signed.size >= VAPID_AUDIENCES_KEPT) this.signed.clear();
    this.signed.set(audience, { header, until: now + VAPID_JWT_REUSE_MS });
    return header;
  }
}

/**
 * The request as it goes out: the payload encrypted to the device (synchronous CPU work, about a
 * millisecond), TTL and Urgency, and the push service's VAPID header.
 */
export function pushRequest(
  device: Device,
  payload: string,
  signer: VapidSigner,
): { url: string; method: string; headers: Record<string, string>; body: Uint8Array<ArrayBuffer> } {
  // Without vapidDetails the library leaves Authorization out; the signer's goes in its place.
  const details = webpush.generateRequestDetails(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    payload,
    { TTL: PUSH_TTL_SECONDS, urgency: 'normal', contentEncoding: 'aes128gcm' },
  );
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) {
    // fetch sets Content-Length from the body itself.
    if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
  }
  headers['Authorization'] = signer.authorization(device.endpoint);
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
