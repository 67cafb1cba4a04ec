import type { FastifyBaseLogger } from 'fastify';
import { sql, SqliteAdapter, type Kysely } from 'kysely';
import pg from 'pg';
import { isPostgresUrl } from '../../db/postgres-url';
import { connectToPrimary } from '../../db/primary-following-pool';
import type { Database } from '../../db/schema';
import type { News, NotificationPublisher } from './notification-events';

/**
 * Fan-out of news to open streams (api-contract.md "Notifications"). A message carries ids only,
 * never a notification: "notification N for recipient R" (each instance that holds a stream of R
 * loads row N once, through the query that hides what R may not see, for all of R's streams there),
 * "recipient R: recount" (their list changed otherwise), or "end stream S" (a newer stream of its
 * user replaced it: notification-stream-registry.ts). A message between instances is a few bytes.
 *
 * On SQLite there is one instance and the bus is a map in memory. On PostgreSQL several instances
 * may share the database, so publish() sends `pg_notify` through the app's own pool and each
 * instance keeps one dedicated connection that LISTENs and hands what it hears to its local
 * listeners. A local publish goes through NOTIFY too and is heard back like any other: one path
 * for every message, each instance (this one included) hears it exactly once, and nothing has to
 * tell its own echoes apart. It costs one round trip to the database, well within the second the
 * contract allows.
 */

/** What one message (or one turn's messages) brought one user's streams on this instance. */
export interface UserNews {
  /** New notifications of theirs, to load by id. */
  notificationIds: number[];
  /** Their list or count changed otherwise: send the count if it moved. */
  recount: boolean;
  /** Messages may have been lost (the LISTEN connection was down): read everything not yet sent. */
  catchUp: boolean;
}

/** Told that its user has news. */
export type NewsListener = (news: UserNews) => void;

/** Told which streams (by their row in notification_streams) a newer stream replaced. */
export type StreamEndListener = (streamIds: readonly number[]) => void;

export interface NotificationBus extends NotificationPublisher {
  /** Starts listening (PostgreSQL: opens the LISTEN connection). */
  start(): Promise<void>;
  /** Listens for news of one user on this instance; returns the unsubscribe function. */
  subscribe(userId: number, listener: NewsListener): () => void;
  /** Tells the instance holding each of these streams to end it (replaced by a newer one). */
  endStreams(streamIds: readonly number[]): void;
  /** The one listener of stream ends on this instance (the app's open streams). */
  onStreamEnds(listener: StreamEndListener): void;
  /** Stops listening and waits for messages already being sent. */
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The bus of live notifications (read through publisherOf() by the writing routes). */
    notificationPublisher: NotificationBus;
  }
}

/** One message: news for a user, or the end of a stream. */
export type BusMessage = News | { endStream: number };

/** The channel every instance on one database LISTENs to. */
export const NOTIFY_CHANNEL = 'ruminations_notifications';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; ids are split well below that. */
const MAX_PAYLOAD_BYTES = 7000;

/** The listeners of this instance, by user, and the one listener of stream ends. */
class LocalListeners {
  private readonly byUser = new Map<number, Set<NewsListener>>();
  private endListener: StreamEndListener | null = null;

  constructor(private readonly log: FastifyBaseLogger) {}

  add(userId: number, listener: NewsListener): () => void {
    let set = this.byUser.get(userId);
    if (set === undefined) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(listener);
    return () => {
      const current = this.byUser.get(userId);
      if (current === undefined) return;
      current.delete(listener);
      if (current.size === 0) this.byUser.delete(userId);
    };
  }

  onEnds(listener: StreamEndListener): void {
    this.endListener = listener;
  }

  /** Each listening user's news of these messages, gathered: one call per user. */
  dispatch(messages: Iterable<BusMessage>): void {
    const byUser = new Map<number, UserNews>();
    const ends: number[] = [];
    for (const message of messages) {
      if (typeof message === 'object' && 'endStream' in message) {
        ends.push(message.endStream);
        continue;
      }
      const userId = typeof message === 'number' ? message : message.recipientId;
      if (!this.byUser.has(userId)) continue;
      let news = byUser.get(userId);
      if (news === undefined) {
        news = { notificationIds: [], recount: false, catchUp: false };
        byUser.set(userId, news);
      }
      if (typeof message === 'number') news.recount = true;
      else news.notificationIds.push(message.notificationId);
    }
    if (ends.length > 0 && this.endListener !== null) {
      const listener = this.endListener;
      this.call(() => listener(ends));
    }
    for (const [userId, news] of byUser) {
      const set = this.byUser.get(userId);
      if (set !== undefined) for (const listener of [...set]) this.call(() => listener(news));
    }
  }

  /** Every listener: after a gap in which messages may have been lost. */
  dispatchAll(): void {
    const news: UserNews = { notificationIds: [], recount: true, catchUp: true };
    for (const set of [...this.byUser.values()])
      for (const listener of [...set]) this.call(() => listener(news));
  }

  private call(listener: () => void): void {
    // One failing stream must not keep the others from hearing the news.
    try {
      listener();
    } catch (error) {
      this.log.error({ err: error }, 'A notification stream listener failed');
    }
  }
}

/** One instance (SQLite): publish() tells this process's listeners directly. */
export class MemoryNotificationBus implements NotificationBus {
  private readonly listeners: LocalListeners;
  private closed = false;

  constructor(log: FastifyBaseLogger) {
    this.listeners = new LocalListeners(log);
  }

  start(): Promise<void> {
    return Promise.resolve();
  }

  publish(news: readonly News[]): void {
    if (!this.closed) this.listeners.dispatch(news);
  }

  subscribe(userId: number, listener: NewsListener): () => void {
    return this.listeners.add(userId, listener);
  }

  endStreams(streamIds: readonly number[]): void {
    if (!this.closed) this.listeners.dispatch(streamIds.map((id) => ({ endStream: id })));
  }

  onStreamEnds(listener: StreamEndListener): void {
    this.listeners.onEnds(listener);
  }

  close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }
}

/**
 * A message as it travels in a payload: `R` (recipient R: recount), `R:N` (notification N for R),
 * `eS` (end stream S).
 */
export function messageToken(message: BusMessage): string {
  if (typeof message === 'number') return String(message);
  if ('endStream' in message) return `e${message.endStream}`;
  return `${message.recipientId}:${message.notificationId}`;
}

/** Payloads of at most MAX_PAYLOAD_BYTES: message tokens joined with commas. */
export function notifyPayloads(tokens: Iterable<string>): string[] {
  const payloads: string[] = [];
  let current = '';
  for (const part of tokens) {
    if (current !== '' && current.length + 1 + part.length > MAX_PAYLOAD_BYTES) {
      payloads.push(current);
      current = '';
    }
    current = current === '' ? part : `${current},${part}`;
  }
  if (current !== '') payloads.push(current);
  return payloads;
}

/** The messages of a payload; anything else on the channel is ignored. */
export function parsePayload(payload: string | undefined): BusMessage[] {
  if (payload === undefined) return [];
  const messages: BusMessage[] = [];
  for (const part of payload.split(',')) {
    const match = /^(?:(\d{1,15})(?::(\d{1,15}))?|e(\d{1,15}))$/.exec(part);
    if (match === null) continue;
    const [, recipient, notification, stream] = match;
    if (stream !== undefined) messages.push({ endStream: Number(stream) });
    else if (notification !== undefined)
      messages.push({ recipientId: Number(recipient), notificationId: Number(notification) });
    else messages.push(Number(recipient));
  }
  return messages;
}

export interface PostgresBusOptions {
  /** First wait before reconnecting the LISTEN connection; doubles up to maxBackoffMs. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

/** Several instances on one PostgreSQL database: LISTEN/NOTIFY. */
export class PostgresNotificationBus implements NotificationBus {
  private readonly listeners: LocalListeners;
  private readonly minBackoffMs: number;
  private readonly maxBackoffMs: number;
  /** Message tokens published in this turn of the event loop, sent together. */
  private pending = new Set<string>();
  private flushScheduled = false;
  private readonly sending = new Set<Promise<void>>();
  private client: pg.Client | null = null;
  private listening = false;
  private backoffMs: number;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly databaseUrl: string,
    private readonly log: FastifyBaseLogger,
    options: PostgresBusOptions = {},
  ) {
    this.listeners = new LocalListeners(log);
    this.minBackoffMs = options.minBackoffMs ?? 250;
    this.maxBackoffMs = options.maxBackoffMs ?? 10_000;
    this.backoffMs = this.minBackoffMs;
  }

  /**
   * Opens the LISTEN connection. Resolves once listening, or once the first attempt has failed (a
   * database that is briefly away does not stop the server: the connection is retried).
   */
  async start(): Promise<void> {
    await this.connect();
  }

  publish(news: readonly News[]): void {
    this.send(news);
  }

  subscribe(userId: number, listener: NewsListener): () => void {
    return this.listeners.add(userId, listener);
  }

  endStreams(streamIds: readonly number[]): void {
    this.send(streamIds.map((id) => ({ endStream: id })));
  }

  onStreamEnds(listener: StreamEndListener): void {
    this.listeners.onEnds(listener);
  }

  private send(messages: readonly BusMessage[]): void {
    if (this.closed) return;
    for (const message of messages) this.pending.add(messageToken(message));
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    // Publishes of one turn (several routes finishing together) share one NOTIFY.
    setImmediate(() => this.flush());
  }

  async close(): Promise<void> {
    if (this.flushScheduled) this.flush();
    this.closed = true;
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    await Promise.all([...this.sending]);
    const client = this.client;
    this.client = null;
    this.listening = false;
    if (client !== null) await client.end().catch(() => undefined);
  }

  private flush(): void {
    this.flushScheduled = false;
    const tokens = [...this.pending];
    this.pending = new Set();
    if (tokens.length === 0) return;
    const sent = this.notify(tokens).finally(() => this.sending.delete(sent));
    this.sending.add(sent);
  }

  private async notify(tokens: string[]): Promise<void> {
    try {
      for (const payload of notifyPayloads(tokens)) {
        await sql`select pg_notify(${NOTIFY_CHANNEL}, ${payload})`.execute(this.db);
      }
    } catch (error) {
      // Other instances miss this one (their streams catch up at the next news or reconnect; a
      // stream left unended is found by the registry's refresh), but this instance's own streams
      // need not: tell them directly.
      this.log.warn({ err: error }, 'NOTIFY of live notifications failed; told this instance only');
      this.listeners.dispatch(parsePayload(tokens.join(',')));
    }
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    let client: pg.Client;
    try {
      // Several hosts (a failover group): the primary among them, as NOTIFY goes through the
      // primary and a standby hears nothing. After a failover the old one's connection ends, and
      // the reconnect below looks again.
      client = await connectToPrimary(this.databaseUrl, (url) => this.newClient(url));
      this.client = client;
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`);
    } catch (error) {
      this.reconnectLater(error);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    const wasDown = this.backoffMs !== this.minBackoffMs;
    this.listening = true;
    this.backoffMs = this.minBackoffMs;
    if (wasDown) {
      this.log.info('Listening for live notifications again');
      // Messages sent while nobody listened are gone: every stream of this instance reads again.
      this.listeners.dispatchAll();
    }
  }

  private newClient(url: string): pg.Client {
    // keepAlive: a connection that died without a word (a dropped NAT entry, a failover) is noticed
    // by the OS and reported as an error, which reconnects it.
    const client = new pg.Client({
      connectionString: url,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // Without these handlers an error on the connection would crash the process.
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    client.on('notification', (message) => {
      if (message.channel === NOTIFY_CHANNEL)
        this.listeners.dispatch(parsePayload(message.payload));
    });
    return client;
  }

  /** The LISTEN connection failed or ended: replace it after a backoff (once per connection). */
  private lost(client: pg.Client, error: unknown): void {
    if (this.closed || this.client !== client) return;
    this.reconnectLater(error);
  }

  /** Connects again after a backoff (doubling while the database stays away). */
  private reconnectLater(error: unknown): void {
    const client = this.client;
    this.client = null;
    this.listening = false;
    client?.end().catch(() => undefined);
    if (this.closed) return;
    const wait = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, this.maxBackoffMs);
    this.log.warn(
      { err: error },
      `Live notifications: the LISTEN connection was lost; reconnecting in ${wait} ms`,
    );
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, wait);
    this.reconnectTimer.unref();
  }

  /** For tests and health: whether the LISTEN connection is up. */
  get isListening(): boolean {
    return this.listening;
  }
}

/** In memory on SQLite; LISTEN/NOTIFY on PostgreSQL, where several instances may share the data. */
export function createNotificationBus(
  db: Kysely<Database>,
  databaseUrl: string | undefined,
  log: FastifyBaseLogger,
): NotificationBus {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return new MemoryNotificationBus(log);
  if (!isPostgresUrl(databaseUrl)) {
    // A PostgreSQL database handed over without its address: nothing to LISTEN with.
    log.warn('Live notifications reach this instance only: no DATABASE_URL to LISTEN on');
    return new MemoryNotificationBus(log);
  }
  return new PostgresNotificationBus(db, databaseUrl, log);
}
