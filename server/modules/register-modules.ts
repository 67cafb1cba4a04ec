import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health/health-routes';

/**
 * Every resource module of the API. A module is a Fastify plugin (`async (app) => { ... }`) that
 * registers its routes with full paths (`/api/...`) and the zod type provider; add one line each.
 */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
}
