import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { HTTP_PROBLEMS } from '../../../src/api/http-problems';
import { ApiProblem } from '../../../src/api/problem';

const healthResponse = z.object({ status: z.literal('ok') });

/** GET /api/health: for load balancers and start scripts; also proves the database answers. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/health', { schema: { response: { 200: healthResponse } } }, async () => {
      try {
        await sql`select 1`.execute(app.db);
      } catch {
        throw ApiProblem.of(HTTP_PROBLEMS.databaseUnavailable);
      }
      return { status: 'ok' as const };
    });
}
