import { randomUUID } from 'node:crypto';
import type { NotificationStream, StreamRegistry } from './notification-stream';
import {
  closeInstanceRows,
  closeStreamRow,
  LEASE_REFRESH_MS,
  openStreamRow,
  refreshStreamRows,
} from './notification-stream-registry';
import { UserFeed, type FeedDeps } from './notification-user-feed';

/**
 * The open streams of one app: by user (one UserFeed each), by row (to end the ones a newer stream
 * replaced, whichever instance opened it), so that closing the app ends them (else close() would
 * wait), and their rows kept fresh in the database.
 */
export class OpenStreams implements StreamRegistry {
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
