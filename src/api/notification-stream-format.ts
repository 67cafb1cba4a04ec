import { MAX_ID } from './common';
import { STREAM_EVENTS, type Notification } from './notification-schemas';

/**
 * How GET /api/notifications/stream is written (api-contract.md "Notifications"), by the server
 * (server/modules/notifications/notification-stream*.ts) and the mock backend
 * (mocks/handlers/notifications.ts) alike: server-sent events, `notification` events with an
 * `id:`, `unread` events without, `replaced` before a stream ends for a newer one of its user's,
 * and a comment line as heartbeat.
 */

/** Header names in lower case: the server merges them into Node's own (lower-case) headers. */
export const NOTIFICATION_STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  // no-store: personal data, kept by no cache (contract: "Notifications"); no-transform: a proxy
  // must not compress or rewrite it (that buffers events).
  'cache-control': 'no-store, no-transform',
} as const;

/** The longest silence the contract allows: proxies close a stream idle for much longer. */
export const STREAM_HEARTBEAT_MS = 25_000;

/** A comment line: keeps the connection busy, and the client ignores it. */
export const HEARTBEAT = ': keep-alive\n\n';

/** `id: N` / `event: notification` / `data: {json}`, then the blank line that ends an event. */
export function notificationEvent(notification: Notification): string {
  return `id: ${notification.id}\nevent: ${STREAM_EVENTS.notification}\ndata: ${JSON.stringify(notification)}\n\n`;
}

/** No `id:` on purpose: the browser's last event id must stay that of the last notification. */
export function unreadEvent(count: number): string {
  return `event: ${STREAM_EVENTS.unread}\ndata: ${JSON.stringify({ count })}\n\n`;
}

/** The event that ends a stream a newer one of its user's replaced (contract: "Notifications"). */
export const STREAM_REPLACED_EVENT = 'replaced';

/**
 * No `id:` and no data: the client's last event id stays that of its last notification, and the
 * name alone tells it not to reconnect at once (it would replace another stream in turn).
 */
export const REPLACED_EVENT = `event: ${STREAM_REPLACED_EVENT}\n\n`;

/**
 * Whether a stream sends an `unread` event after reading what is new: after notifications it sent,
 * or when the count moved since the one it last sent (`null`: none yet, so the first is always
 * sent). Never otherwise: news about a notification its reader may not see (written for them, but
 * hidden from the list) changes neither, and a bare `unread` would still tell them that something
 * happened (contract: "Notifications").
 */
export function unreadEventDue(
  notificationsSent: number,
  count: number,
  lastCountSent: number | null,
): boolean {
  return notificationsSent > 0 || count !== lastCountSent;
}

/** The Last-Event-ID header as an id, or null when absent or malformed (ignored, not an error). */
export function lastEventIdOf(header: string | null | undefined): number | null {
  if (header === null || header === undefined || !/^\s*\d{1,10}\s*$/.test(header)) return null;
  const id = Number(header.trim());
  return id <= MAX_ID ? id : null;
}
