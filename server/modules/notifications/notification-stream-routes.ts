import type { FastifyInstance } from 'fastify';

/** GET /api/notifications/stream (api-contract.md "Notifications"). Being written: see issue 14. */
export async function notificationStreamRoutes(_app: FastifyInstance): Promise<void> {}
