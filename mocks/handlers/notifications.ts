import { HttpResponse } from 'msw';
import { NOTIFICATION_LIMIT_DEFAULT } from '../../src/api/limits';
import { DEMO_DB_KEY } from '../../src/api/demo-backend';
import {
  markReadRequest,
  notificationListQuery,
  type Notification,
} from '../../src/api/notification-schemas';
import {
  HEARTBEAT,
  lastEventIdOf,
  NOTIFICATION_STREAM_HEADERS,
  notificationEvent,
  REPLACED_EVENT,
  STREAM_HEARTBEAT_MS,
  unreadEvent,
  unreadEventDue,
} from '../../src/api/notification-stream-format';
import { bearerTokenOf } from '../../src/api/http-problems';
import { settle } from '../../src/api/problem';
import { streamsToEnd } from '../../src/domain/notification-stream-decisions';
import { noContent, readBody, readQuery, requireUser, route } from '../http';
import { getDb, syncDb } from '../store/db';
import { subscribeToStore } from '../store/change-listeners';
import { userIdOfToken } from '../store/tokens';
import type { StoredNotification } from '../store/tables';
import { isVisible, userRef } from '../views';

/**
 * /api/notifications (api-contract.md "Notifications"), as server/modules/notifications does it.
 * Notifications are written where their cause happens (handlers/relations.ts, comments.ts); here
 * they are read. A notification is shown, and counted, only while its recipient may still see what
 * it is about: its rumination (the shared visibility rule, through views.ts `isVisible`) and its
 * comment (not deleted). A cancelled request's unread notification is deleted at the cancel.
 */

function toNotification(n: StoredNotification): Notification {
  return {
    id: n.id,
    kind: n.kind,
    createTMS: n.createTMS,
    isRead: n.isRead,
    actor: userRef(n.actorId),
    ruminationId: n.ruminationId,
    commentId: n.commentId,
    relationId: n.relationId,
    relationType: n.relationType,
  };
}

function mayStillSee(n: StoredNotification): boolean {
  const db = getDb();
  if (n.ruminationId !== null) {
    const rumination = db.ruminations.find((r) => r.id === n.ruminationId);
    if (!rumination || !isVisible(rumination, n.recipientId)) return false;
  }
  if (n.commentId !== null) {
    const comment = db.comments.find((c) => c.id === n.commentId);
    if (!comment || comment.isDeleted) return false;
  }
  return true;
}

/** The recipient's notifications the list shows, oldest first (ids grow with time). */
function visibleNotificationsOf(userId: number): StoredNotification[] {
  return getDb()
    .notifications.filter((n) => n.recipientId === userId && mayStillSee(n))
    .sort((a, b) => a.id - b.id);
}

function unreadCountOf(userId: number): number {
  return visibleNotificationsOf(userId).filter((n) => !n.isRead).length;
}

// ---------------------------------------------------------------------------------------------
// The live stream

const encoder = new TextEncoder();

/** An open stream of this JavaScript context, for the cap of streams per user. */
interface HeldStream {
  id: number;
  userId: number;
  replace: () => void;
}

const heldStreams = new Set<HeldStream>();
let nextStreamId = 1;

/**
 * Holds a new stream of `userId` and ends those the shared rule says it replaces (the oldest
 * beyond 5, as the server does across its instances; here within one tab, whose handlers hold
 * them). Returns the release to call when the stream ends.
 */
function holdStream(userId: number, replace: () => void): () => void {
  const held: HeldStream = { id: nextStreamId++, userId, replace };
  heldStreams.add(held);
  const own = [...heldStreams].filter((stream) => stream.userId === userId);
  for (const ended of streamsToEnd(own)) ended.replace();
  return () => {
    heldStreams.delete(held);
  };
}

/**
 * One connection's stream. It starts with what a reconnect missed (visible notifications after
 * `Last-Event-ID`) and the unread count, then sends whatever is new whenever the store may have
 * changed, and the count whenever it moved (a read elsewhere, a deleted rumination): nothing about
 * a notification its reader may not see (unreadEventDue), and nothing once its token is revoked.
 * A sixth stream of one user ends the oldest with `event: replaced` (holdStream).
 *
 * How it learns of changes: in one JavaScript context (tests, one demo tab) every handler ends in
 * `saveDb`, which tells the store's listeners. Two demo TABS share localStorage but not memory
 * (MSW runs the handlers in each page): there the `storage` event, which the browser fires in the
 * other tabs whenever one tab saves the store, makes this tab re-read the stored copy. Chosen
 * over polling every second: it costs nothing while nothing happens and arrives at once.
 */
function notificationStream(
  userId: number,
  token: string,
  lastEventId: number | null,
  signal: AbortSignal,
): ReadableStream<Uint8Array> {
  let stop = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let closed = false;
      // Without Last-Event-ID, everything that exists now is the list's business, not the stream's.
      let lastSentId = lastEventId ?? getDb().nextId - 1;
      let lastCount: number | null = null;
      let scheduled: ReturnType<typeof setTimeout> | undefined;
      /** Lets go of this stream's place among its user's (holdStream). */
      let release = () => {};

      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          // The reader went away without cancelling (a page that closed): stop serving it.
          stop();
        }
      };

      const flush = () => {
        scheduled = undefined;
        if (closed) return;
        if (userIdOfToken(token) !== userId) {
          // A revoked token (signed out everywhere, a new password, an erased account) hears
          // nothing more: checked before every send, as the server does.
          stop();
          controller.close();
          return;
        }
        const fresh = visibleNotificationsOf(userId).filter((n) => n.id > lastSentId);
        for (const n of fresh) {
          send(notificationEvent(toNotification(n)));
          lastSentId = n.id;
        }
        const count = unreadCountOf(userId);
        if (unreadEventDue(fresh.length, count, lastCount)) {
          send(unreadEvent(count));
          lastCount = count;
        }
      };

      // After the write that told us has finished (the handler is still running when it saves).
      const schedule = () => {
        if (!closed && scheduled === undefined) scheduled = setTimeout(flush, 0);
      };

      const unsubscribe = subscribeToStore((event) => {
        if (event === 'changed') {
          schedule();
          return;
        }
        // The store was replaced by an empty one (between tests): this connection's user is gone.
        stop();
        try {
          controller.close();
        } catch {
          // Already closed or cancelled.
        }
      });

      const onStorage = (event: StorageEvent) => {
        if (event.key !== DEMO_DB_KEY) return;
        syncDb();
        schedule();
      };
      const hasWindow =
        typeof window !== 'undefined' && typeof window.addEventListener === 'function';
      if (hasWindow) window.addEventListener('storage', onStorage);

      const heartbeat = setInterval(() => send(HEARTBEAT), STREAM_HEARTBEAT_MS);

      stop = () => {
        if (closed) return;
        closed = true;
        release();
        clearInterval(heartbeat);
        if (scheduled !== undefined) clearTimeout(scheduled);
        unsubscribe();
        if (hasWindow) window.removeEventListener('storage', onStorage);
      };
      signal.addEventListener('abort', () => stop(), { once: true });

      release = holdStream(userId, () => {
        send(REPLACED_EVENT);
        stop();
        try {
          controller.close();
        } catch {
          // Already closed or cancelled.
        }
      });
      flush();
    },
    cancel() {
      stop();
    },
  });
}

export const notificationHandlers = [
  route('get', '/api/notifications/unread-count', ({ request }) => {
    const userId = requireUser(request);
    return HttpResponse.json({ count: unreadCountOf(userId) });
  }),

  route('put', '/api/notifications/read', async ({ request }) => {
    // The body first, as the server's schema validation runs before its handler asks who calls.
    const { upToId } = await readBody(request, markReadRequest);
    const userId = requireUser(request);
    for (const n of getDb().notifications) {
      if (n.recipientId === userId && n.id <= upToId) n.isRead = true;
    }
    return noContent();
  }),

  route('get', '/api/notifications/stream', ({ request }) => {
    const userId = requireUser(request);
    const token = settle(bearerTokenOf(request.headers.get('Authorization'))) ?? '';
    const lastEventId = lastEventIdOf(request.headers.get('Last-Event-ID'));
    const stream = notificationStream(userId, token, lastEventId, request.signal);
    return new HttpResponse(stream, { headers: NOTIFICATION_STREAM_HEADERS });
  }),

  route('get', '/api/notifications', ({ request }) => {
    const query = readQuery(request, notificationListQuery);
    const userId = requireUser(request);
    const newestFirst = visibleNotificationsOf(userId)
      .filter((n) => query.BeforeId === undefined || n.id < query.BeforeId)
      .reverse();
    return HttpResponse.json(
      newestFirst.slice(0, query.Limit ?? NOTIFICATION_LIMIT_DEFAULT).map(toNotification),
    );
  }),
];
