import type { FastifyInstance } from 'fastify';

/** /api/account (api-contract.md "My account"). Being written: see issue 15. */
export async function accountRoutes(_app: FastifyInstance): Promise<void> {}
