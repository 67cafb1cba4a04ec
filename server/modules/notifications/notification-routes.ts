import type { FastifyInstance } from 'fastify';

/** /api/notifications (api-contract.md "Notifications"). Being written: see issue 14. */
export async function notificationRoutes(_app: FastifyInstance): Promise<void> {}
