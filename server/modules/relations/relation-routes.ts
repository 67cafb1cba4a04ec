import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createRelationRequest,
  relationIdParams,
  relationListQuery,
  userRelation,
} from '../../../src/api/relation-schemas';
import { createRelation, decideRelation, deleteRelation, listRelations } from './relation-service';

/** /api/UserRelations: HTTP in and out only; the state machine lives in relation-service.ts. */
export async function relationRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/UserRelations',
    { schema: { querystring: relationListQuery, response: { 200: z.array(userRelation) } } },
    async (request) => {
      const user = await request.requireUser();
      return listRelations(app.db, user.id, request.query);
    },
  );

  api.post(
    '/api/UserRelations',
    { schema: { body: createRelationRequest, response: { 201: userRelation } } },
    async (request, reply) => {
      const user = await request.requireWriter();
      return reply.code(201).send(await createRelation(app.db, user.id, request.body));
    },
  );

  for (const [action, accept] of [
    ['accept', true],
    ['reject', false],
  ] as const) {
    api.put(
      `/api/UserRelations/:id/${action}`,
      { schema: { params: relationIdParams, response: { 200: userRelation } } },
      async (request) => {
        const user = await request.requireWriter();
        return decideRelation(app.db, user.id, request.params.id, accept);
      },
    );
  }

  api.delete(
    '/api/UserRelations/:id',
    { schema: { params: relationIdParams } },
    async (request, reply) => {
      const user = await request.requireWriter();
      await deleteRelation(app.db, user.id, request.params.id);
      return reply.code(204).send();
    },
  );
}
