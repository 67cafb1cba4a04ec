import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createRelationRequest,
  relationIdParams,
  relationListQuery,
  userRelation,
} from '../../../src/api/relation-schemas';
import { createRelation, answerRelation, deleteRelation, listRelations } from './relation-service';
import { publishTo } from '../notifications/notification-events';

/**
 * /api/UserRelations: HTTP in and out only; the state machine lives in
 * src/domain/relation-decisions.ts, its facts and what it decided are loaded and stored by
 * relation-service.ts. After each committed write, the people whose notifications changed are
 * published to live streams.
 */
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
      const { relation, notified } = await createRelation(app.db, user.id, request.body);
      publishTo(app, notified);
      return reply.code(201).send(relation);
    },
  );

  for (const answer of ['accept', 'reject'] as const) {
    api.put(
      `/api/UserRelations/:id/${answer}`,
      { schema: { params: relationIdParams, response: { 200: userRelation } } },
      async (request) => {
        const user = await request.requireWriter();
        const { relation, notified } = await answerRelation(
          app.db,
          user.id,
          request.params.id,
          answer,
        );
        publishTo(app, notified);
        return relation;
      },
    );
  }

  api.delete(
    '/api/UserRelations/:id',
    { schema: { params: relationIdParams } },
    async (request, reply) => {
      const user = await request.requireWriter();
      publishTo(app, await deleteRelation(app.db, user.id, request.params.id));
      return reply.code(204).send();
    },
  );
}
