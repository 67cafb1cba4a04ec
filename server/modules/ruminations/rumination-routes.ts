import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ruminationWriteRequest,
  rumination,
  ruminationIdParams,
  ruminationListQuery,
  type RuminationListQuery,
} from '../../../src/api/rumination-schemas';
import {
  createRumination,
  deleteRumination,
  getRumination,
  listFeedOf,
  listMine,
  listPublicOf,
  updateRumination,
} from './rumination-service';
import { sendIdempotent } from '../../http/idempotency';
import { rateLimitHook } from '../../http/rate-limit';
import { searchTerms } from '../../../src/domain/note-search';

const ruminationList = z.array(rumination);

/** /api/ruminations: HTTP in and out only; the rules live in rumination-service.ts. */
export async function ruminationRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limits = app.config.rateLimits;

  api.get(
    '/api/ruminations/my',
    {
      schema: { querystring: ruminationListQuery, response: { 200: ruminationList } },
      // A search (a q with words) is limited like other reads a script could scrape, per user,
      // after validation and authentication; a plain page is not counted.
      preHandler: rateLimitHook(
        app,
        limits.enabled,
        'search-notes',
        limits.searchPerUser,
        async (request) => {
          const { q } = request.query as RuminationListQuery;
          if (searchTerms(q).length === 0) return undefined;
          return String((await request.requireUser()).id);
        },
      ),
    },
    async (request) => {
      const user = await request.requireUser();
      return listMine(app.db, user.id, request.query);
    },
  );

  api.get(
    '/api/ruminations/feed',
    { schema: { querystring: ruminationListQuery, response: { 200: ruminationList } } },
    async (request) => {
      const user = await request.requireUser();
      return listFeedOf(app.db, user.id, request.query);
    },
  );

  api.get(
    '/api/ruminations/public',
    { schema: { querystring: ruminationListQuery, response: { 200: ruminationList } } },
    async (request) => {
      const user = await request.authenticate();
      return listPublicOf(app.db, user?.id ?? null, request.query);
    },
  );

  api.get(
    '/api/ruminations/:id',
    { schema: { params: ruminationIdParams, response: { 200: rumination } } },
    async (request) => {
      const user = await request.authenticate();
      return getRumination(app.db, request.params.id, user?.id ?? null);
    },
  );

  api.post(
    '/api/ruminations',
    { schema: { body: ruminationWriteRequest, response: { 201: rumination } } },
    async (request, reply) => {
      const user = await request.requireWriter();
      // An Idempotency-Key makes a resent create (offline queue) answer the first one.
      return sendIdempotent(app.db, request, reply, user.id, 201, (db) =>
        createRumination(db, user.id, request.body),
      );
    },
  );

  api.put(
    '/api/ruminations/:id',
    {
      schema: {
        params: ruminationIdParams,
        body: ruminationWriteRequest,
        response: { 200: rumination },
      },
    },
    async (request, reply) => {
      const user = await request.requireWriter();
      return sendIdempotent(app.db, request, reply, user.id, 200, (db) =>
        updateRumination(db, user.id, request.params.id, request.body),
      );
    },
  );

  api.delete(
    '/api/ruminations/:id',
    { schema: { params: ruminationIdParams } },
    async (request, reply) => {
      const user = await request.requireWriter();
      await deleteRumination(app.db, user.id, request.params.id);
      return reply.code(204).send();
    },
  );
}
