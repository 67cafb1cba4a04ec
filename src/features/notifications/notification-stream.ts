import { onlineManager } from '@tanstack/react-query';
import type { Notification, STREAM_EVENTS } from '../../api/notification-schemas';
import type { STREAM_REPLACED_EVENT } from '../../api/notification-stream-format';
import { clearToken, getToken } from '../../lib/token-storage';

/**
 * GET /api/notifications/stream, read with `fetch` (EventSource cannot send the bearer token): a
 * small server-sent-events parser and a connection that reconnects with backoff, resumes with
 * `Last-Event-ID`, pauses while offline, stops at sign-out or on 401, and stays away a long while
 * when the server ended it for a newer one (`replaced`). The tabs of one browser share one such
 * connection: notification-stream-leader.ts.
 *
 * A stream always knows where it stands, from its first connection on: one that resumes from
 * nothing first reads the newest notification the list shows (GET /api/notifications?Limit=1) and
 * opens with that as its `Last-Event-ID`. Opened without one, the server would start after the
 * newest row at the moment it answers, and the client could not tell which that was: a reconnect,
 * or another tab taking the stream over, would then start after whatever was written meanwhile,
 * and those notifications would never arrive live (`unread` events carry no id, by contract).
 */

export interface ServerSentEvent {
  /** `message` when the event named none. */
  event: string;
  data: string;
  /** The last `id:` seen on this connection so far (ids persist across events, as in SSE). */
  lastEventId: string;
}

/**
 * The text/event-stream format (the HTML standard's rules, trimmed to what this API sends):
 * lines end with CRLF, LF or CR; a blank line ends an event; `:` starts a comment; `data:` lines
 * are joined with newlines; one space after the colon is dropped; an `id` holding NUL is ignored;
 * an event without data is not dispatched, unless its name is one of `bareEvents` (the standard
 * drops it, but this API's `replaced` says all it has to say by its name).
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private lastEventId = '';
  /** A chunk ended in CR: a LF at the start of the next one belongs to the same line end. */
  private pendingCr = false;
  private readonly bareEvents: readonly string[];

  constructor(lastEventId = '', bareEvents: readonly string[] = []) {
    this.lastEventId = lastEventId;
    this.bareEvents = bareEvents;
  }

  /** Feeds decoded text; returns the events it completed. */
  push(text: string): ServerSentEvent[] {
    let chunk = text;
    if (this.pendingCr && chunk.startsWith('\n')) chunk = chunk.slice(1);
    this.pendingCr = false;
    this.buffer += chunk;
    const events: ServerSentEvent[] = [];
    for (;;) {
      const end = this.buffer.search(/\r\n|\r|\n/);
      if (end < 0) break;
      const line = this.buffer.slice(0, end);
      let width = 1;
      if (this.buffer[end] === '\r') {
        if (end + 1 === this.buffer.length) this.pendingCr = true;
        else if (this.buffer[end + 1] === '\n') width = 2;
      }
      this.buffer = this.buffer.slice(end + width);
      const dispatched = this.line(line);
      if (dispatched) events.push(dispatched);
    }
    return events;
  }

  private line(line: string): ServerSentEvent | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.lastEventId = value;
    // `retry` and unknown fields: the reconnect delay is this client's own (below).
    return null;
  }

  private dispatch(): ServerSentEvent | null {
    const event = this.event === '' ? 'message' : this.event;
    const data = this.data.join('\n');
    const due = this.data.length > 0 || this.bareEvents.includes(this.event);
    this.event = '';
    this.data = [];
    return due ? { event, data, lastEventId: this.lastEventId } : null;
  }
}

/** Backoff of reconnects: 1 s, doubling to 30 s; back to 1 s once a connection delivered. */
export const RECONNECT_MIN_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
/**
 * The server writes at least a comment line every 25 s: this long without a byte means the
 * connection died without saying so (a laptop that slept, a dropped network): start over.
 */
export const SILENCE_MS = 60_000;
/**
 * After `replaced` (the person opened more streams than the server keeps, elsewhere: this browser
 * holds one), the stream comes back this much later, and not before its tab is seen again: coming
 * back at once would end another of their streams, which would come back and end this one.
 */
export const REPLACED_RETRY_MS = 60_000;

export interface NotificationStreamHandlers {
  onNotification: (notification: Notification) => void;
  onUnread: (count: number) => void;
}

export interface NotificationStreamOptions extends NotificationStreamHandlers {
  /** Absolute URL of the stream; default: /api/notifications/stream on this origin. */
  url?: string;
  /** The last event id seen before (by another tab, which held the stream until now). */
  lastEventId?: string;
  /**
   * Called whenever the stream's place moves: where it starts (read from the list, when no
   * `lastEventId` was given), then the id of each event that brings a new one. A reconnect, here or
   * in another tab, resumes from it.
   */
  onLastEventId?: (lastEventId: string) => void;
  /** Called when the stream stopped by itself (no token, or refused with 401), not when asked. */
  onStopped?: () => void;
}

/**
 * The id of the newest notification GET /api/notifications shows (`0` when it shows none), as a
 * Last-Event-ID: the stream then sends whatever is written after it, however late it opens. Null
 * when the token is refused (401); anything else unexpected throws, and the connection tries again
 * after its backoff, as after a failed stream.
 */
async function newestNotificationId(
  url: string,
  authorization: string,
  signal: AbortSignal,
): Promise<string | null> {
  const response = await fetch(url, {
    headers: { Accept: 'application/json', Authorization: authorization },
    signal,
    cache: 'no-store',
  });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`The notification list answered ${response.status}`);
  const newest = ((await response.json()) as Pick<Notification, 'id'>[])[0];
  if (newest !== undefined && !Number.isSafeInteger(newest.id)) {
    throw new Error('The notification list answered without an id');
  }
  return String(newest?.id ?? 0);
}

// Type-checked copies: the values themselves would bring the contract's schemas into this chunk.
const EVENTS: typeof STREAM_EVENTS = { notification: 'notification', unread: 'unread' };
const REPLACED: typeof STREAM_REPLACED_EVENT = 'replaced';

/**
 * Opens the stream and keeps it open until the returned function is called, the token goes (sign
 * out: the stream stops itself) or the server refuses it (401: the token is forgotten, as the
 * app's HTTP client does (lib/http.ts), and the guards sign the person out).
 */
export function startNotificationStream(options: NotificationStreamOptions): () => void {
  const url = options.url ?? new URL('/api/notifications/stream', window.location.origin).href;
  /** The newest notification the list shows, on the stream's origin: where a new stream starts. */
  const newestUrl = new URL('/api/notifications?Limit=1', url).href;
  let stopped = false;
  let lastEventId = options.lastEventId ?? '';
  let delay = RECONNECT_MIN_MS;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Set while waiting after `replaced`: nothing (not even coming back online) reconnects sooner. */
  let replacedWait: (() => void) | undefined;
  /** Ends the current connection (abort and cancel its reader); undefined when none is open. */
  let closeConnection: (() => void) | undefined;

  const moveTo = (id: string) => {
    if (id === lastEventId) return;
    lastEventId = id;
    options.onLastEventId?.(id);
  };

  /** Forgets a refused token (only if still ours: a newer sign-in must not be undone), and stops. */
  const refused = (token: string) => {
    if (getToken() === token) clearToken();
    stopBySelf();
  };

  const connect = async () => {
    retryTimer = undefined;
    if (stopped || replacedWait || closeConnection || !onlineManager.isOnline()) return;
    const token = getToken();
    if (!token) {
      stopBySelf();
      return;
    }
    const abort = new AbortController();
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    let closed = false;
    const close = () => {
      closed = true;
      // Forgotten at once, so that a reconnect right after (back online) is not refused.
      if (closeConnection === close) closeConnection = undefined;
      abort.abort();
      // Not awaited: a pending read ends at once, whatever the cancel promise does.
      reader?.cancel().catch(() => {});
    };
    closeConnection = close;
    let delivered = false;
    let silence: ReturnType<typeof setTimeout> | undefined;
    try {
      const authorization = `Bearer ${token}`;
      if (lastEventId === '') {
        const start = await newestNotificationId(newestUrl, authorization, abort.signal);
        if (start === null) {
          refused(token);
          return;
        }
        moveTo(start);
      }
      const headers: Record<string, string> = {
        Accept: 'text/event-stream',
        Authorization: authorization,
        'Last-Event-ID': lastEventId,
      };
      const response = await fetch(url, { headers, signal: abort.signal, cache: 'no-store' });
      if (response.status === 401) {
        refused(token);
        return;
      }
      const type = response.headers.get('Content-Type') ?? '';
      if (!response.ok || !response.body || !type.startsWith('text/event-stream')) {
        throw new Error(`The notification stream answered ${response.status}`);
      }
      reader = response.body.getReader();
      if (closed) reader.cancel().catch(() => {});
      const decoder = new TextDecoder();
      const parser = new SseParser(lastEventId, [REPLACED]);
      const onSilence = () => {
        close();
        scheduleReconnect();
      };
      while (!closed) {
        clearTimeout(silence);
        silence = setTimeout(onSilence, SILENCE_MS);
        const { value, done } = await reader.read();
        if (done || closed) break;
        for (const event of parser.push(decoder.decode(value, { stream: true }))) {
          moveTo(event.lastEventId);
          if (event.event === REPLACED) {
            close();
            waitAfterReplaced();
            break;
          }
          if (!delivered) {
            delivered = true;
            delay = RECONNECT_MIN_MS;
          }
          dispatch(event);
        }
      }
    } catch {
      // Network trouble, a server error or an unreadable event: try again after the backoff.
    } finally {
      clearTimeout(silence);
      if (closeConnection === close) closeConnection = undefined;
    }
    if (closed || stopped) return;
    scheduleReconnect();
  };

  const dispatch = (event: ServerSentEvent) => {
    if (event.event === EVENTS.notification) {
      options.onNotification(JSON.parse(event.data) as Notification);
    } else if (event.event === EVENTS.unread) {
      const { count } = JSON.parse(event.data) as { count: number };
      options.onUnread(count);
    }
  };

  const scheduleReconnect = () => {
    if (stopped || retryTimer !== undefined || !onlineManager.isOnline()) return;
    retryTimer = setTimeout(() => void connect(), delay);
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  const clearRetry = () => {
    if (retryTimer !== undefined) clearTimeout(retryTimer);
    retryTimer = undefined;
  };

  /** The long wait after `replaced`: REPLACED_RETRY_MS, then until the tab is visible. */
  const waitAfterReplaced = () => {
    clearRetry();
    replacedWait?.();
    console.info(
      `Notifications: the server ended this browser's stream for a newer one of the same person (it keeps 5 a person); it comes back in ${REPLACED_RETRY_MS / 1000} s, or when this tab is next seen.`,
    );
    const resume = () => {
      cancel();
      delay = RECONNECT_MIN_MS;
      void connect();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') resume();
    };
    let listening = false;
    const timer = setTimeout(() => {
      if (typeof document === 'undefined' || document.visibilityState !== 'hidden') {
        resume();
        return;
      }
      listening = true;
      document.addEventListener('visibilitychange', onVisible);
    }, REPLACED_RETRY_MS);
    const cancel = () => {
      clearTimeout(timer);
      if (listening) document.removeEventListener('visibilitychange', onVisible);
      if (replacedWait === cancel) replacedWait = undefined;
    };
    replacedWait = cancel;
  };

  // Offline: nothing can arrive, so the connection goes and no retries are wasted; back online,
  // it resumes at once (Last-Event-ID brings what was missed).
  const unsubscribeOnline = onlineManager.subscribe((online) => {
    if (stopped || replacedWait) return;
    if (online) {
      clearRetry();
      delay = RECONNECT_MIN_MS;
      void connect();
    } else {
      clearRetry();
      closeConnection?.();
    }
  });

  function stop() {
    if (stopped) return;
    stopped = true;
    clearRetry();
    replacedWait?.();
    unsubscribeOnline();
    closeConnection?.();
  }

  function stopBySelf() {
    if (stopped) return;
    stop();
    options.onStopped?.();
  }

  void connect();
  return stop;
}
