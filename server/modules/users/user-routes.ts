import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userIdParams, userProfile } from '../../../src/api/user-schemas';
import { getUserProfile } from './user-service';

/** GET /api/users/{id}: a profile anyone may read (api-contract.md, end of "Ruminations"). */
export async function userRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/users/:id',
      { schema: { params: userIdParams, response: { 200: userProfile } } },
      async (request) => getUserProfile(app.db, request.params.id),
    );
}
