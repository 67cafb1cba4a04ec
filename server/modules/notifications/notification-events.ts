import type { FastifyInstance } from 'fastify';

/**
 * How writers tell live notification streams that something changed. The services that write
 * notifications return whose list changed; their routes call publish() once the write has committed
 * (never inside the transaction: a stream reading at once must find the rows). The stream module
 * decorates the app with `notificationPublisher`; without it nothing is told.
 */

/** Told after a transaction that wrote notifications commits: recipients whose list changed. */
export interface NotificationPublisher {
  publish(recipientIds: readonly number[]): void;
}

export const noPublisher: NotificationPublisher = { publish() {} };

/** The app's publisher, or one that tells nobody when no stream module installed one. */
export function publisherOf(app: FastifyInstance): NotificationPublisher {
  return (
    (app as { notificationPublisher?: NotificationPublisher }).notificationPublisher ?? noPublisher
  );
}

/**
 * Publishes to each recipient once; an empty list tells nobody. The write it follows has committed,
 * so a failing publisher is logged and must not turn the answer into an error.
 */
export function publishTo(app: FastifyInstance, recipientIds: readonly number[]): void {
  if (recipientIds.length === 0) return;
  try {
    publisherOf(app).publish([...new Set(recipientIds)]);
  } catch (error) {
    app.log.error({ err: error }, 'Publishing notifications to live streams failed');
  }
}
