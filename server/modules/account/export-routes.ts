import type { FastifyInstance } from 'fastify';

/** GET /api/account/export (api-contract.md "My writing"). Being written: see issue 15. */
export async function exportRoutes(_app: FastifyInstance): Promise<void> {}
