import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  calendarMonth,
  calendarQuery,
  memoryList,
  onThisDayQuery,
} from '../../../src/api/memory-schemas';
import { calendarOf, onThisDay } from './memory-service';

/**
 * /api/ruminations/on-this-day and /api/ruminations/calendar (api-contract.md "Memories"): HTTP
 * only. Fixed paths: Fastify's router prefers a static segment to /api/ruminations/:id, so neither
 * is read as a rumination's id, whatever order the modules register in.
 */
export async function memoryRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/ruminations/on-this-day',
    { schema: { querystring: onThisDayQuery, response: { 200: memoryList } } },
    async (request) => {
      const user = await request.requireUser();
      return onThisDay(app.db, user.id, request.query, await app.media.signer());
    },
  );

  api.get(
    '/api/ruminations/calendar',
    { schema: { querystring: calendarQuery, response: { 200: calendarMonth } } },
    async (request) => {
      const user = await request.requireUser();
      return calendarOf(app.db, user.id, request.query);
    },
  );
}
