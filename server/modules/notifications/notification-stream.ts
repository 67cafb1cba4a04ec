import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Notification } from '../../../src/api/notification-schemas';
import {
  HEARTBEAT,
  notificationEvent,
  REPLACED_EVENT,
  unreadEvent,
  unreadEventDue,
} from '../../../src/api/notification-stream-format';
import { verifyAccessToken } from '../../credentials/access-token';
import { tokenOpensApi, userOfToken } from '../../credentials/request-auth';
import type { NotificationStreamTimings } from '../../config';
import type { Database } from '../../db/schema';
import { newestNotificationId } from './notification-queries';
import { countUnread, listNotificationsAfter } from './notification-service';
import type { userStanding } from './notification-stream-registry';

/**
 * One open GET /api/notifications/stream (api-contract.md "Notifications"): what it has sent, what
 * it sends when its user has news, its heartbeat, its token check, and its end. The news of one
 * user on this instance is read once for all of that user's streams (UserFeed,
 * notification-user-feed.ts); the app's open streams, with their rows in the database that cap them
 * at 5 per user on every instance, are OpenStreams (notification-open-streams.ts).
 *
 * What one notification costs does not grow with what was sent or is unread before it, but for the
 * unread count: its message names it, so UserFeed loads that row by id (no re-read of rows already
 * sent), the user's standing (for every stream's token) and the unread count once per message per
 * user on this instance, shared by all of that user's streams here. The count is a count of the
 * user's unread visible rows, so its cost still grows with how many are unread (an index range of
 * the partial index): keeping it incrementally exact would mean following every change that hides
 * a notification (a note deleted, a relation ended, a comment deleted), which nothing publishes.
 */

/** Rows read per query; a longer backlog is read page by page. */
export const STREAM_PAGE = 50;

/**
 * How far back (in ids) a catch-up read looks for rows it has not sent yet (only at the start and
 * after messages may have been lost: news names its rows). On PostgreSQL two writers'
 * transactions can commit out of id order (id 10 visible after id 11 was sent); a cursor alone would
 * skip 10 for good. Rows already sent are remembered and skipped. On SQLite writes are serial and
 * this finds nothing, at the cost of an index range a little wider.
 */
const LOOKBACK_IDS = 1000;

/** Ids a stream remembers having sent (a row both replayed and announced goes out once). */
const REMEMBERED_IDS = 1000;

/**
 * Bytes a client may leave unread before its stream is ended: a client that stopped reading must
 * not make the server hold an ever growing buffer. It reconnects with Last-Event-ID and loses
 * nothing.
 */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * Where a stream enrols while it is open (OpenStreams): joined before its first read, recorded in
 * the database (which may end its user's oldest), left when it ends.
 */
export interface StreamRegistry {
  add(stream: NotificationStream): void;
  record(stream: NotificationStream): Promise<void>;
  delete(stream: NotificationStream): void;
}

export interface StreamDeps {
  db: Kysely<Database>;
  jwtSecret: Uint8Array;
  timings: NotificationStreamTimings;
  log: FastifyBaseLogger;
  streams: StreamRegistry;
}

/** Whether the token still opens the API (request-auth.ts asks the same on every request). */
async function tokenStillValid(
  db: Kysely<Database>,
  secret: Uint8Array,
  token: string,
): Promise<boolean> {
  return (await userOfToken(db, secret, token)) !== null;
}

/** The user's row as a token check needs it; undefined when the user is gone. */
export type Standing = Awaited<ReturnType<typeof userStanding>>;

/** What one message brought a user's streams, read once for all of them (UserFeed). */
export interface FeedNews {
  notifications: Notification[];
  count: number;
  standing: Standing;
}

export class NotificationStream {
  /** Its row in notification_streams (0 until recorded). */
  rowId = 0;
  /** Where the stream began (Last-Event-ID, or the newest row then): nothing older is ever sent. */
  private startId = 0;
  private lastSentId = 0;
  /** Ids sent lately, oldest first: a row both read by a catch-up and announced is sent once. */
  private readonly recentlySent = new Set<number>();
  /** The count of the last `unread` sent (null before the first). */
  private lastCount: number | null = null;
  /** The read running now (the start, a catch-up); at most one, so reads never overlap. */
  private running: Promise<void> | null = null;
  /** News arrived while a read ran: one catch-up then, however much arrived. */
  private again = false;
  private closed = false;
  private heartbeat: NodeJS.Timeout | undefined;
  private tokenCheck: NodeJS.Timeout | undefined;

  constructor(
    private readonly res: ServerResponse,
    readonly userId: number,
    private readonly token: string,
    private readonly deps: StreamDeps,
  ) {}

  get isClosed(): boolean {
    return this.closed;
  }

  /**
   * Starts the stream (headers already written): records it (which may end the user's oldest),
   * then with `lastEventId` replays the notifications after it; without, it starts after the
   * newest existing one. An `unread` follows either way.
   */
  start(lastEventId: number | null): void {
    // Joined before the first read: news that arrives meanwhile makes one more catch-up (behind
    // the first), so nothing falls between the read and the subscription.
    this.deps.streams.add(this);
    this.res.on('close', () => this.close());
    this.res.on('error', () => this.close());
    this.heartbeat = setInterval(() => this.write(HEARTBEAT), this.deps.timings.heartbeatMs);
    this.scheduleTokenCheck();
    this.run(async () => {
      await this.deps.streams.record(this);
      if (this.closed) return;
      const newest = await newestNotificationId(this.deps.db, this.userId);
      // A Last-Event-ID beyond the newest row (a stale or made-up one) must not hide future rows.
      this.startId = lastEventId === null ? newest : Math.min(lastEventId, newest);
      this.lastSentId = this.startId;
      await this.catchUp();
    });
  }

  /** Messages may have been lost: read everything not yet sent, after the read running if any. */
  refresh(): void {
    this.run(() => this.catchUp());
  }

  /**
   * News read once for all of the user's streams on this instance (UserFeed). Sent at once unless
   * the stream is still reading (its start, a catch-up): then one more catch-up follows, which
   * finds the same rows. Nothing goes out unless the token still opens the API now, after the
   * rows were read (contract: "Notifications").
   */
  async deliver(news: FeedNews): Promise<void> {
    if (this.closed) return;
    if (this.running !== null) {
      this.again = true;
      return;
    }
    const fresh = news.notifications.filter(
      (n) => n.id > this.startId && !this.recentlySent.has(n.id),
    );
    const countIsNews = unreadEventDue(fresh.length, news.count, this.lastCount);
    if (fresh.length === 0 && !countIsNews) return;
    if (!(await this.tokenOpensFor(news.standing))) {
      this.close();
      return;
    }
    // A catch-up may have begun while the token was checked: it sends these itself.
    if (this.running !== null) {
      this.again = true;
      return;
    }
    this.send(fresh, countIsNews ? news.count : null);
  }

  /** Ended because a newer stream of its user replaced it: the client is told, then it ends. */
  replace(): void {
    this.write(REPLACED_EVENT);
    this.close();
  }

  /** Resolves when no read is running (for a clean close). */
  async idle(): Promise<void> {
    while (this.running !== null) await this.running;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.tokenCheck);
    this.deps.streams.delete(this);
    if (!this.res.writableEnded) this.res.end();
  }

  private run(step: () => Promise<void>): void {
    if (this.closed) return;
    if (this.running !== null) {
      this.again = true;
      return;
    }
    const loop = async () => {
      try {
        await step();
        while (this.again && !this.closed) {
          this.again = false;
          await this.catchUp();
        }
      } catch (error) {
        // A failed read (the database away): end the stream rather than leave it silently stale;
        // the client reconnects with Last-Event-ID and misses nothing.
        if (!this.closed)
          this.deps.log.warn({ err: error }, 'Notification stream failed; ending it');
        this.close();
      } finally {
        this.running = null;
      }
    };
    this.running = loop();
  }

  /**
   * Everything visible not sent yet (after lastSentId, and late rows just before it), oldest first,
   * page by page; then the unread count when it is news (unreadEventDue). What a page would send
   * goes out only if the token still opens the API after that page was read: a token revoked
   * meanwhile, even just before the periodic check, receives nothing (contract: "Notifications").
   * Only at the start and after a gap: ordinary news comes through deliver().
   */
  private async catchUp(): Promise<void> {
    let cursor = Math.max(this.startId, this.lastSentId - LOOKBACK_IDS);
    let sent = 0;
    for (;;) {
      if (this.closed) return;
      const page = await listNotificationsAfter(this.deps.db, this.userId, cursor, STREAM_PAGE);
      const fresh = page.filter((notification) => !this.recentlySent.has(notification.id));
      const lastPage = page.length < STREAM_PAGE;
      // The count after the last page, so that it counts every row just sent.
      const count = lastPage ? await countUnread(this.deps.db, this.userId) : null;
      const countIsNews =
        count !== null && unreadEventDue(sent + fresh.length, count, this.lastCount);
      if (fresh.length > 0 || countIsNews) {
        if (!(await this.tokenStillOpens())) {
          this.close();
          return;
        }
        this.send(fresh, countIsNews ? count : null);
        sent += fresh.length;
      }
      if (lastPage) break;
      cursor = page[page.length - 1]!.id;
    }
  }

  /**
   * The notifications, then the count when it is news (null: none), in one write: one packet for
   * the events of one piece of news (the socket sends each write at once).
   */
  private send(notifications: readonly Notification[], count: number | null): void {
    let text = '';
    for (const notification of notifications) {
      text += notificationEvent(notification);
      this.recentlySent.add(notification.id);
      this.lastSentId = Math.max(this.lastSentId, notification.id);
    }
    if (count !== null) {
      text += unreadEvent(count);
      this.lastCount = count;
    }
    if (text !== '') this.write(text);
    // A Set iterates in insertion order: the first ids are the oldest sent.
    for (const id of this.recentlySent) {
      if (this.recentlySent.size <= REMEMBERED_IDS) break;
      this.recentlySent.delete(id);
    }
  }

  private async tokenStillOpens(): Promise<boolean> {
    return !this.closed && (await tokenStillValid(this.deps.db, this.deps.jwtSecret, this.token));
  }

  /**
   * tokenStillOpens() with the user's row read once for all of their streams: userOfToken's rule
   * (request-auth.ts) for a valid token of this user.
   */
  private async tokenOpensFor(standing: Standing): Promise<boolean> {
    if (this.closed) return false;
    const claims = await verifyAccessToken(this.deps.jwtSecret, this.token);
    return claims !== null && claims.userId === this.userId && tokenOpensApi(claims, standing);
  }

  /**
   * The next token check, after 75-100% of authCheckMs: never later than the contract allows, and
   * spread out, so that streams opened together (every client reconnecting after a restart) do not
   * all query the database in the same instant, again and again.
   */
  private scheduleTokenCheck(): void {
    if (this.closed) return;
    const delay = this.deps.timings.authCheckMs * (0.75 + Math.random() * 0.25);
    this.tokenCheck = setTimeout(() => void this.checkToken(), delay);
  }

  private async checkToken(): Promise<void> {
    if (this.closed) return;
    try {
      if (!(await this.tokenStillOpens())) {
        this.close();
        return;
      }
    } catch (error) {
      // The database briefly away: try again at the next check rather than end every stream.
      this.deps.log.warn({ err: error }, 'Notification stream: token check failed');
    }
    this.scheduleTokenCheck();
  }

  private write(chunk: string): void {
    if (this.closed || this.res.writableEnded || this.res.destroyed) return;
    if (this.res.writableLength > MAX_BUFFERED_BYTES) {
      this.close();
      return;
    }
    this.res.write(chunk);
  }
}
