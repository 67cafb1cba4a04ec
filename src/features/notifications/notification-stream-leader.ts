import type { Notification } from '../../api/notification-schemas';
import { startNotificationStream, type NotificationStreamOptions } from './notification-stream';

/**
 * One notification stream per browser and signed-in person, shared by their tabs: the server keeps
 * at most 5 streams a person, so a person with many tabs open would otherwise end their own
 * streams. The tab holding the Web Lock `ruminations-notifications-<userId>` holds the stream and
 * relays each event over the BroadcastChannel of the same name; the others apply what it relays.
 * The lock is the tab's until it stops (sign-out, another person, the tab closing: the browser
 * releases it), then a waiting tab takes it and opens the stream where the last one left off.
 *
 * Where that is, every tab knows: the holder tells the others each time its stream's place moves
 * (where it starts, before any event; then each event's id) and when it takes the stream over, and
 * answers a tab that arrives. A notification written after the holder closed and before the next
 * one's stream is open is then replayed to it (Last-Event-ID); a tab that knew nothing would open
 * the stream after it, and nobody would see it live.
 */

export interface SharedNotificationStreamOptions extends Omit<
  NotificationStreamOptions,
  'lastEventId' | 'onStopped'
> {
  /**
   * Whose stream it is: only their tabs share it. Null when the token does not say (the mock
   * backend's opaque tokens, whose demo tabs are each a session of their own): one stream per tab.
   */
  userId: number | null;
}

/** What the holder tells the other tabs, and what a tab that arrives asks. */
export type RelayMessage =
  | { type: 'notification'; notification: Notification }
  | { type: 'unread'; count: number }
  /** A tab that arrives asks for the last event id, to resume from it should it hold the stream. */
  | { type: 'hello' }
  /** The holder's stream stands here: the answer to `hello`, and news whenever it moves. */
  | { type: 'last-id'; lastEventId: string };

export function sharedStreamName(userId: number): string {
  return `ruminations-notifications-${userId}`;
}

/** Starts this tab's part of the shared stream; the returned function ends it. */
export function startSharedNotificationStream(
  options: SharedNotificationStreamOptions,
): () => void {
  const { userId, url, onNotification, onUnread } = options;
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // Old browsers (and test DOMs) lack one or the other: a stream per tab, as before.
  if (userId === null || !locks || typeof BroadcastChannel === 'undefined') {
    return startNotificationStream({ url, onNotification, onUnread });
  }
  const name = sharedStreamName(userId);
  const channel = new BroadcastChannel(name);
  const post = (message: RelayMessage) => channel.postMessage(message);
  /** Aborts the wait for the lock, and ends the holding of it. */
  const release = new AbortController();
  /**
   * The furthest place of the stream any tab told (each `notification` event's id is the
   * notification's own; before any, where the stream started): the stream this tab may open
   * resumes from it, so nothing is missed. Empty until known.
   */
  let lastEventId = '';
  let holding = false;
  /** Keeps the furthest of the places told (one tab's news may reach another late). */
  const advance = (id: string) => {
    if (id !== '' && (lastEventId === '' || Number(lastEventId) < Number(id))) lastEventId = id;
  };
  const tellLastEventId = () => {
    if (lastEventId !== '') post({ type: 'last-id', lastEventId });
  };

  channel.onmessage = (event: MessageEvent<RelayMessage>) => {
    const message = event.data;
    if (holding) {
      if (message.type === 'hello') tellLastEventId();
      return;
    }
    switch (message.type) {
      case 'notification':
        // Also told by `last-id`; kept for a holder that only answers `hello` (an older version).
        advance(String(message.notification.id));
        onNotification(message.notification);
        break;
      case 'unread':
        onUnread(message.count);
        break;
      case 'last-id':
        advance(message.lastEventId);
        break;
      case 'hello':
        break;
    }
  };
  post({ type: 'hello' });

  locks
    .request(name, { signal: release.signal }, () => {
      if (release.signal.aborted) return undefined;
      holding = true;
      // A tab that arrived while no tab held the stream had no answer: it learns it now.
      tellLastEventId();
      return new Promise<void>((resolve) => {
        const stopStream = startNotificationStream({
          url,
          lastEventId,
          onLastEventId: (id) => {
            advance(id);
            tellLastEventId();
          },
          onNotification: (notification) => {
            post({ type: 'notification', notification });
            onNotification(notification);
          },
          onUnread: (count) => {
            post({ type: 'unread', count });
            onUnread(count);
          },
          // No token, or refused: let a tab that still has one (another demo session) try.
          onStopped: () => {
            holding = false;
            resolve();
          },
        });
        release.signal.addEventListener('abort', () => {
          stopStream();
          holding = false;
          resolve();
        });
      });
    })
    // AbortError: stopped while still waiting for the lock.
    .catch(() => {});

  return () => {
    if (release.signal.aborted) return;
    release.abort();
    channel.close();
  };
}
