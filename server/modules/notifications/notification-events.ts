import type { FastifyInstance } from 'fastify';

/**
 * How writers tell live notification streams that something changed. The services that write
 * notifications return what changed (News); their routes call publish() once the write has committed
 * (never inside the transaction: a stream reading at once must find the rows). The stream module
 * decorates the app with `notificationPublisher`; without it nothing is told.
 */

/**
 * What a write tells the streams: one new notification (its recipient and id: each instance loads
 * that row once for all of the recipient's streams), or a recipient alone, whose list or unread
 * count changed otherwise (read, withdrawn, hidden by an ended relation): their streams recount.
 */
export type News = number | NotificationNews;

export interface NotificationNews {
  recipientId: number;
  notificationId: number;
}

/** Told after a transaction that wrote notifications commits: what changed, for whom. */
export interface NotificationPublisher {
  publish(news: readonly News[]): void;
}

export const noPublisher: NotificationPublisher = { publish() {} };

/** The app's publisher, or one that tells nobody when no stream module installed one. */
export function publisherOf(app: FastifyInstance): NotificationPublisher {
  return (
    (app as { notificationPublisher?: NotificationPublisher }).notificationPublisher ?? noPublisher
  );
}

/** The recipient a piece of news is for. */
export function recipientOf(news: News): number {
  return typeof news === 'number' ? news : news.recipientId;
}

/**
 * Publishes each piece of news once (a recipient alone once); an empty list tells nobody. The write
 * it follows has committed, so a failing publisher is logged and must not turn the answer into an
 * error.
 */
export function publishTo(app: FastifyInstance, news: readonly News[]): void {
  if (news.length === 0) return;
  try {
    const recounts = new Set(news.filter((n) => typeof n === 'number'));
    const created = news.filter((n) => typeof n !== 'number');
    publisherOf(app).publish([...recounts, ...created]);
    // New notifications: this instance's Web Push sender (server/modules/push) sends them now
    // rather than at its next poll.
    if (created.length > 0) (app as { pushSender?: { wake(): void } }).pushSender?.wake();
  } catch (error) {
    app.log.error({ err: error }, 'Publishing notifications to live streams failed');
  }
}
