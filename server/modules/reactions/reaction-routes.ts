import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reactionParams, reactorList } from '../../../src/api/reaction-schemas';
import { ruminationIdParams } from '../../../src/api/rumination-schemas';
import { publishTo } from '../notifications/notification-events';
import { addReaction, listReactions, removeReaction } from './reaction-service';

/** /api/ruminations/{id}/reactions: HTTP in and out only; the rules live in reaction-service.ts. */
export async function reactionRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/ruminations/:id/reactions',
    { schema: { params: ruminationIdParams, response: { 200: reactorList } } },
    async (request) => {
      const user = await request.authenticate();
      return listReactions(app.db, request.params.id, user?.id ?? null);
    },
  );

  // Idempotent by nature (a PUT of a reaction held, a DELETE of one not held, change nothing), so a
  // replay from the offline queue needs no Idempotency-Key.
  api.put(
    '/api/ruminations/:id/reactions/:kind',
    { schema: { params: reactionParams } },
    async (request, reply) => {
      const user = await request.requireWriter();
      const { id, kind } = request.params;
      // Published once the write committed.
      publishTo(app, await addReaction(app.db, user.id, id, kind));
      return reply.code(204).send();
    },
  );

  api.delete(
    '/api/ruminations/:id/reactions/:kind',
    { schema: { params: reactionParams } },
    async (request, reply) => {
      const user = await request.requireWriter();
      await removeReaction(app.db, user.id, request.params.id, request.params.kind);
      return reply.code(204).send();
    },
  );
}
