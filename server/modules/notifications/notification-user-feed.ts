import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { NotificationBus, UserNews } from './notification-bus';
import { countUnread, findNotificationsByIds } from './notification-service';
import type { NotificationStream } from './notification-stream';
import { userStanding } from './notification-stream-registry';

/**
 * The news of one user on this instance, read once for all of their streams here: the rows a
 * message names (by id, as that user may see them), the user's standing and the unread count, one
 * read at a time (news arriving meanwhile is gathered into the next). News about rows the user may
 * not see, with nothing else, sends nothing and so reads no count (contract: "Notifications").
 */
export class UserFeed {
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

export interface FeedDeps {
  db: Kysely<Database>;
  bus: NotificationBus;
  log: FastifyBaseLogger;
}
