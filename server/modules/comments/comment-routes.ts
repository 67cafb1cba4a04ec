import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  comment,
  commentIdParams,
  createCommentRequest,
  updateCommentRequest,
} from '../../../src/api/comment-schemas';
import { ruminationIdParams } from '../../../src/api/rumination-schemas';
import { expectedVersionOf } from '../../../src/api/preconditions';
import { settle } from '../../../src/api/problem';
import {
  createComment,
  deleteComment,
  listForRumination,
  listReplies,
  updateComment,
} from './comment-service';
import { sendIdempotent } from '../../http/idempotency';
import { publishTo } from '../notifications/notification-events';
import type { Notified } from '../notifications/notification-service';

const commentList = z.array(comment);

/** /api/comments: HTTP in and out only; the rules live in comment-service.ts. */
export async function commentRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/comments/rumination/:id',
    { schema: { params: ruminationIdParams, response: { 200: commentList } } },
    async (request) => {
      const user = await request.authenticate();
      return listForRumination(app.db, request.params.id, user?.id ?? null);
    },
  );

  api.get(
    '/api/comments/comment/:id/replies',
    { schema: { params: commentIdParams, response: { 200: commentList } } },
    async (request) => {
      const user = await request.authenticate();
      return listReplies(app.db, request.params.id, user?.id ?? null);
    },
  );

  api.post(
    '/api/comments',
    { schema: { body: createCommentRequest, response: { 201: comment } } },
    async (request, reply) => {
      const user = await request.requireWriter();
      let notified: Notified = [];
      // An Idempotency-Key makes a resent comment (offline queue) answer the first one; a replay
      // writes nothing and so tells nobody.
      const sent = await sendIdempotent(app.db, request, reply, user.id, 201, async (db) => {
        const created = await createComment(db, user.id, request.body);
        notified = created.notified;
        return created.comment;
      });
      // sendIdempotent returns once the write (and its notifications) committed.
      publishTo(app, notified);
      return sent;
    },
  );

  api.put(
    '/api/comments/:id',
    {
      schema: { params: commentIdParams, body: updateCommentRequest, response: { 200: comment } },
    },
    async (request, reply) => {
      const user = await request.requireWriter();
      const expected = settle(expectedVersionOf(request.headers['if-match']));
      const news: Notified = [];
      const sent = await sendIdempotent(app.db, request, reply, user.id, 200, (db) =>
        updateComment(db, user.id, request.params.id, request.body, expected, news),
      );
      publishTo(app, news);
      return sent;
    },
  );

  api.delete(
    '/api/comments/:id',
    { schema: { params: commentIdParams } },
    async (request, reply) => {
      const user = await request.requireWriter();
      const expected = settle(expectedVersionOf(request.headers['if-match']));
      await deleteComment(app.db, user.id, request.params.id, expected);
      return reply.code(204).send();
    },
  );
}
