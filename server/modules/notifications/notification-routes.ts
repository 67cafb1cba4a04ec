import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  markReadRequest,
  notificationList,
  notificationListQuery,
  unreadCount,
} from '../../../src/api/notification-schemas';
import { publishTo } from './notification-events';
import { countUnread, listNotifications, markRead } from './notification-service';

/**
 * /api/notifications (api-contract.md "Notifications"): HTTP in and out only; the rules live in
 * notification-service.ts. The live stream is notification-stream-routes.ts.
 */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/notifications',
    { schema: { querystring: notificationListQuery, response: { 200: notificationList } } },
    async (request) => {
      const user = await request.requireUser();
      return listNotifications(app.db, user.id, request.query);
    },
  );

  api.get(
    '/api/notifications/unread-count',
    { schema: { response: { 200: unreadCount } } },
    async (request) => {
      const user = await request.requireUser();
      return { count: await countUnread(app.db, user.id) };
    },
  );

  api.put(
    '/api/notifications/read',
    { schema: { body: markReadRequest } },
    async (request, reply) => {
      const user = await request.requireUser();
      await markRead(app.db, user.id, request.body.upToId);
      // The caller's other open screens learn their unread count changed.
      publishTo(app, [user.id]);
      return reply.code(204).send();
    },
  );
}
