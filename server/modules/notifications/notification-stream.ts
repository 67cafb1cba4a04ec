import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  HEARTBEAT,
  notificationEvent,
  unreadEvent,
  unreadEventDue,
} from '../../../src/api/notification-stream-format';
import { userOfToken } from '../../credentials/request-auth';
import type { NotificationStreamTimings } from '../../config';
import type { Database } from '../../db/schema';
import type { NotificationBus } from './notification-bus';
import { newestNotificationId } from './notification-queries';
import { countUnread, listNotificationsAfter } from './notification-service';

/**
 * One open GET /api/notifications/stream (api-contract.md "Notifications"): what it has sent, what
 * it sends when its user has news, its heartbeat, its token check, and its end.
 */

/** Rows read per query; a longer backlog is read page by page. */
export const STREAM_PAGE = 50;

/**
 * How far back (in ids) each read looks for rows it has not sent yet. On PostgreSQL two writers'
 * transactions can commit out of id order (id 10 visible after id 11 was sent); a cursor alone would
 * skip 10 for good. Rows already sent are remembered and skipped. On SQLite writes are serial and
 * this finds nothing, at the cost of an index range a little wider.
 */
const LOOKBACK_IDS = 1000;

/**
 * Bytes a client may leave unread before its stream is ended: a client that stopped reading must
 * not make the server hold an ever growing buffer. It reconnects with Last-Event-ID and loses
 * nothing.
 */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface StreamDeps {
  db: Kysely<Database>;
  bus: NotificationBus;
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

export class NotificationStream {
  /** Where the stream began (Last-Event-ID, or the newest row then): nothing older is ever sent. */
  private startId = 0;
  private lastSentId = 0;
  /** Ids sent within LOOKBACK_IDS of lastSentId: a late row is sent once, not again. */
  private readonly recentlySent = new Set<number>();
  /** The count of the last `unread` sent (null before the first). */
  private lastCount: number | null = null;
  /** The refresh running now; at most one per stream, so queries never overlap. */
  private running: Promise<void> | null = null;
  /** News arrived while a refresh ran: one more refresh then, however many arrived. */
  private again = false;
  private closed = false;
  private heartbeat: NodeJS.Timeout | undefined;
  private tokenCheck: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly res: ServerResponse,
    private readonly userId: number,
    private readonly token: string,
    private readonly deps: StreamDeps,
  ) {}

  /**
   * Starts the stream (headers already written). With `lastEventId` the notifications after it are
   * replayed first; without, it starts after the newest existing one. An `unread` follows either way.
   */
  start(lastEventId: number | null): void {
    this.deps.streams.add(this);
    this.res.on('close', () => this.close());
    this.res.on('error', () => this.close());
    // Subscribed before the first read: news that arrives meanwhile makes one more refresh
    // (coalesced behind the first), so nothing falls between the read and the subscription.
    this.unsubscribe = this.deps.bus.subscribe(this.userId, () => this.refresh());
    this.heartbeat = setInterval(() => this.write(HEARTBEAT), this.deps.timings.heartbeatMs);
    this.scheduleTokenCheck();
    this.run(async () => {
      const newest = await newestNotificationId(this.deps.db, this.userId);
      // A Last-Event-ID beyond the newest row (a stale or made-up one) must not hide future rows.
      this.startId = lastEventId === null ? newest : Math.min(lastEventId, newest);
      this.lastSentId = this.startId;
      await this.sendNews();
    });
  }

  /** The user has news: read and send it, after the refresh already running if any. */
  refresh(): void {
    this.run(() => this.sendNews());
  }

  /** Resolves when no refresh is running (for a clean close). */
  async idle(): Promise<void> {
    while (this.running !== null) await this.running;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.tokenCheck);
    this.unsubscribe?.();
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
          await this.sendNews();
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
   */
  private async sendNews(): Promise<void> {
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
        for (const notification of fresh) {
          this.write(notificationEvent(notification));
          this.recentlySent.add(notification.id);
          this.lastSentId = Math.max(this.lastSentId, notification.id);
        }
        sent += fresh.length;
        if (countIsNews) {
          this.write(unreadEvent(count));
          this.lastCount = count;
        }
      }
      if (lastPage) break;
      cursor = page[page.length - 1]!.id;
    }
    for (const id of this.recentlySent) {
      if (id <= this.lastSentId - LOOKBACK_IDS) this.recentlySent.delete(id);
    }
  }

  private async tokenStillOpens(): Promise<boolean> {
    return !this.closed && (await tokenStillValid(this.deps.db, this.deps.jwtSecret, this.token));
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

/** The open streams of one app, so that closing the app ends them (else close() would wait). */
export class OpenStreams {
  private readonly streams = new Set<NotificationStream>();

  add(stream: NotificationStream): void {
    this.streams.add(stream);
  }

  delete(stream: NotificationStream): void {
    this.streams.delete(stream);
  }

  get size(): number {
    return this.streams.size;
  }

  /** Ends every stream, then waits for reads they had begun (the database closes after). */
  async closeAll(): Promise<void> {
    const streams = [...this.streams];
    for (const stream of streams) stream.close();
    await Promise.all(streams.map((stream) => stream.idle()));
  }
}
