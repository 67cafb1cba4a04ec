import { randomUUID } from 'node:crypto';
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
import type { NotificationBus, UserNews } from './notification-bus';
import { newestNotificationId } from './notification-queries';
import {
  countUnread,
  findNotificationsByIds,
  listNotificationsAfter,
} from './notification-service';
import {
  closeInstanceRows,
  closeStreamRow,
  LEASE_REFRESH_MS,
  openStreamRow,
  refreshStreamRows,
  userStanding,
} from './notification-stream-registry';

/**
 * One open GET /api/notifications/stream (api-contract.md "Notifications"): what it has sent, what
 * it sends when its user has news, its heartbeat, its token check, and its end; the news of one
 * user on this instance, read once for all of that user's streams (UserFeed); and the app's open
 * streams, with their rows in the database that cap them at 5 per user on every instance.
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

export interface StreamDeps {
  db: Kysely<Database>;
  jwtSecret: Uint8Array;
  timings: NotificationStreamTimings;
  log: FastifyBaseLogger;
  streams: OpenStreams;
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
type Standing = Awaited<ReturnType<typeof userStanding>>;

/** What one message brought a user's streams, read once for all of them. */
interface FeedNews {
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

/**
 * The news of one user on this instance, read once for all of their streams here: the rows a
 * message names (by id, as that user may see them), the user's standing and the unread count, one
 * read at a time (news arriving meanwhile is gathered into the next). News about rows the user may
 * not see, with nothing else, sends nothing and so reads no count (contract: "Notifications").
 */
class UserFeed {
  readonly streams = new Set<NotificationStream>();
  private readonly unsubscribe: () => void;
  private pendingIds = new Set<number>();
  private recount = false;
  private running: Promise<void> | null = null;

  constructor(
    private readonly userId: number,
    private readonly deps: FeedDeps,
  ) {
    this.unsubscribe = deps.bus.subscribe(userId, (news) => this.hear(news));
  }

  close(): void {
    this.unsubscribe();
  }

  /** Resolves when no read is running (for a clean close). */
  async idle(): Promise<void> {
    while (this.running !== null) await this.running;
  }

  private hear(news: UserNews): void {
    if (news.catchUp) for (const stream of this.streams) stream.refresh();
    for (const id of news.notificationIds) this.pendingIds.add(id);
    if (news.recount) this.recount = true;
    if (this.running === null) this.running = this.readAll();
  }

  private async readAll(): Promise<void> {
    try {
      while ((this.pendingIds.size > 0 || this.recount) && this.streams.size > 0) {
        const ids = [...this.pendingIds];
        const recount = this.recount;
        this.pendingIds = new Set();
        this.recount = false;
        await this.read(ids, recount);
      }
    } catch (error) {
      // The database away: every stream of the user ends; their clients reconnect with
      // Last-Event-ID and miss nothing.
      this.deps.log.warn({ err: error }, 'Notification stream failed; ending it');
      for (const stream of [...this.streams]) stream.close();
    } finally {
      this.running = null;
    }
  }

  private async read(ids: number[], recount: boolean): Promise<void> {
    const notifications = await findNotificationsByIds(this.deps.db, this.userId, ids);
    if (notifications.length === 0 && !recount) return;
    const standing = await userStanding(this.deps.db, this.userId);
    const count = await countUnread(this.deps.db, this.userId);
    const news = { notifications, count, standing };
    await Promise.all([...this.streams].map((stream) => stream.deliver(news)));
  }
}

interface FeedDeps {
  db: Kysely<Database>;
  bus: NotificationBus;
  log: FastifyBaseLogger;
}

/**
 * The open streams of one app: by user (one UserFeed each), by row (to end the ones a newer stream
 * replaced, whichever instance opened it), so that closing the app ends them (else close() would
 * wait), and their rows kept fresh in the database.
 */
export class OpenStreams {
  private readonly streams = new Set<NotificationStream>();
  private readonly feeds = new Map<number, UserFeed>();
  private readonly byRow = new Map<number, NotificationStream>();
  /** This instance's name in notification_streams. */
  private readonly instanceId = randomUUID();
  private deps: FeedDeps | null = null;
  private refresher: NodeJS.Timeout | undefined;
  private closing = false;

  /** The database and bus the streams use (the stream routes hand them over when registered). */
  configure(deps: FeedDeps): void {
    this.deps = deps;
    deps.bus.onStreamEnds((rowIds) => this.endReplaced(rowIds));
    this.refresher = setInterval(() => void this.refreshRows(), LEASE_REFRESH_MS);
    this.refresher.unref();
  }

  add(stream: NotificationStream): void {
    this.streams.add(stream);
    const deps = this.requireDeps();
    let feed = this.feeds.get(stream.userId);
    if (feed === undefined) {
      feed = new UserFeed(stream.userId, deps);
      this.feeds.set(stream.userId, feed);
    }
    feed.streams.add(stream);
  }

  /**
   * Records an added stream in the database and ends the streams it replaces (the oldest of its
   * user's beyond 5, on any instance), through the bus that reaches every instance.
   */
  async record(stream: NotificationStream): Promise<void> {
    const deps = this.requireDeps();
    const { id, ended } = await openStreamRow(deps.db, stream.userId, this.instanceId);
    stream.rowId = id;
    if (stream.isClosed) {
      await closeStreamRow(deps.db, id);
      return;
    }
    this.byRow.set(id, stream);
    if (ended.length > 0) deps.bus.endStreams(ended);
  }

  delete(stream: NotificationStream): void {
    this.streams.delete(stream);
    const feed = this.feeds.get(stream.userId);
    if (feed !== undefined) {
      feed.streams.delete(stream);
      if (feed.streams.size === 0) {
        feed.close();
        this.feeds.delete(stream.userId);
      }
    }
    if (stream.rowId === 0) return;
    this.byRow.delete(stream.rowId);
    // At shutdown the instance's rows go together (closeAll).
    if (!this.closing && this.deps !== null) {
      const { db, log } = this.deps;
      closeStreamRow(db, stream.rowId).catch((error: unknown) =>
        log.warn({ err: error }, 'Notification stream: its row stays until it expires'),
      );
    }
  }

  get size(): number {
    return this.streams.size;
  }

  /** Ends every stream, then waits for reads they had begun (the database closes after). */
  async closeAll(): Promise<void> {
    this.closing = true;
    clearInterval(this.refresher);
    const streams = [...this.streams];
    const feeds = [...this.feeds.values()];
    for (const stream of streams) stream.close();
    await Promise.all([
      ...streams.map((stream) => stream.idle()),
      ...feeds.map((feed) => feed.idle()),
    ]);
    if (this.deps !== null) {
      const { db, log } = this.deps;
      await closeInstanceRows(db, this.instanceId).catch((error: unknown) =>
        log.warn({ err: error }, 'Notification streams: their rows stay until they expire'),
      );
    }
  }

  private endReplaced(rowIds: readonly number[]): void {
    for (const id of rowIds) this.byRow.get(id)?.replace();
  }

  /**
   * Keeps this instance's rows counted, and ends the local streams whose row is gone: replaced by
   * a newer one whose message did not arrive (NOTIFY failed, or came before the stream was known).
   */
  private async refreshRows(): Promise<void> {
    if (this.deps === null || this.closing) return;
    try {
      // Only streams recorded before the refresh: one recorded meanwhile is not in its answer.
      const known = [...this.byRow];
      const alive = await refreshStreamRows(this.deps.db, this.instanceId);
      for (const [id, stream] of known) if (!alive.has(id)) stream.replace();
    } catch (error) {
      this.deps.log.warn({ err: error }, 'Notification streams: refreshing their rows failed');
    }
  }

  private requireDeps(): FeedDeps {
    if (this.deps === null) throw new Error('OpenStreams used before configure()');
    return this.deps;
  }
}
