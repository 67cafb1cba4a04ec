import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  userIdParams,
  userProfile,
  userSearchQuery,
  userSearchResults,
} from '../../../src/api/people-schemas';
import { rateLimitHook } from '../../http/rate-limit';
import { getUserProfile, searchUsers } from './people-service';

/**
 * GET /api/users/{id}: a profile anyone may read (contract: end of "Ruminations").
 * GET /api/users/search: people search for the signed-in (contract: People), limited per user like
 * other reads a script could scrape.
 */
export async function peopleRoutes(app: FastifyInstance): Promise<void> {
  const limits = app.config.rateLimits;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/users/search',
    {
      schema: { querystring: userSearchQuery, response: { 200: userSearchResults } },
      // After validation and authentication: a bad query or no token costs nothing.
      preHandler: rateLimitHook(
        app,
        limits.enabled,
        'search-user',
        limits.searchPerUser,
        async (request) => String((await request.requireUser()).id),
      ),
    },
    async (request) => searchUsers(app.db, (await request.requireUser()).id, request.query),
  );

  r.get(
    '/api/users/:id',
    { schema: { params: userIdParams, response: { 200: userProfile } } },
    async (request) => getUserProfile(app.db, request.params.id),
  );
}
