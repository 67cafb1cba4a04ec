import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createRuminationRequest,
  pageQuery,
  revisionIdParams,
  ruminationRevision,
  ruminationWriteRequest,
  rumination,
  ruminationIdParams,
  ruminationListQuery,
  trashedRumination,
  type RuminationListQuery,
} from '../../../src/api/rumination-schemas';
import {
  ETAG_HEADER,
  etagOf,
  expectedVersionOf,
  IF_MATCH_HEADER,
  type ExpectedVersion,
} from '../../../src/api/preconditions';
import { settle } from '../../../src/api/problem';
import {
  createRumination,
  deleteRumination,
  getRumination,
  listFeedOf,
  listMine,
  listPublicOf,
  listRevisionsOf,
  restoreRevision,
  updateRumination,
} from './rumination-service';
import { deletePermanently, emptyTrash, listTrashOf, restoreFromTrashOf } from './trash-service';
import { emptyWalAfterErasure } from '../../db/database';
import { sendIdempotent } from '../../http/idempotency';
import { rateLimitHook } from '../../http/rate-limit';
import { searchTerms } from '../../../src/domain/note-search';
import { publishTo } from '../notifications/notification-events';
import type { Notified } from '../notifications/notification-service';
import { accountTagsOf } from './rumination-service';
import { tagCountList } from '../../../src/api/tag-schemas';

const ruminationList = z.array(rumination);
const revisionList = z.array(ruminationRevision);
const trashList = z.array(trashedRumination);

/** The version a change was based on (If-Match); 400 when the header is malformed. */
function expectedVersion(request: FastifyRequest): ExpectedVersion {
  const header = request.headers[IF_MATCH_HEADER.toLowerCase()];
  return settle(expectedVersionOf(Array.isArray(header) ? header.join(', ') : header));
}

/**
 * `ETag: "<version>"` on a 200 that answers one rumination (GET, and the changes that answer it,
 * replays of an Idempotency-Key included: they are sent through here too).
 */
async function etagOfRumination(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  const version = (payload as { version?: unknown } | null)?.version;
  if (reply.statusCode === 200 && typeof version === 'number') {
    void reply.header(ETAG_HEADER, etagOf(version));
  }
  return payload;
}

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
      return listMine(app.db, user.id, request.query, await app.media.signer());
    },
  );

  // The caller's own tags with counts (api-contract.md "Habits of a shared journal").
  api.get('/api/account/tags', { schema: { response: { 200: tagCountList } } }, async (request) => {
    const user = await request.requireUser();
    return accountTagsOf(app.db, user.id);
  });

  api.get(
    '/api/ruminations/feed',
    { schema: { querystring: ruminationListQuery, response: { 200: ruminationList } } },
    async (request) => {
      const user = await request.requireUser();
      return listFeedOf(app.db, user.id, request.query, await app.media.signer());
    },
  );

  api.get(
    '/api/ruminations/public',
    { schema: { querystring: ruminationListQuery, response: { 200: ruminationList } } },
    async (request) => {
      const user = await request.authenticate();
      return listPublicOf(app.db, user?.id ?? null, request.query, await app.media.signer());
    },
  );

  // The trash (api-contract.md "Trash"). Static segments win over /:id in Fastify's router, so
  // /api/ruminations/trash is never read as a rumination id.
  api.get(
    '/api/ruminations/trash',
    { schema: { querystring: pageQuery, response: { 200: trashList } } },
    async (request) => {
      const user = await request.requireUser();
      return listTrashOf(
        app.db,
        user.id,
        request.query,
        app.config.trashRetentionSeconds,
        await app.media.signer(),
      );
    },
  );

  api.delete('/api/ruminations/trash', async (request, reply) => {
    const user = await request.requireWriter();
    await emptyTrash(app.db, user.id);
    await emptyWalAfterErasure(app.db, request.log);
    return reply.code(204).send();
  });

  api.post(
    '/api/ruminations/:id/restore',
    {
      schema: { params: ruminationIdParams, response: { 200: rumination } },
      preSerialization: etagOfRumination,
    },
    async (request, reply) => {
      const user = await request.requireWriter();
      const signer = await app.media.signer();
      return sendIdempotent(app.db, request, reply, user.id, 200, (db) =>
        restoreFromTrashOf(
          db,
          user.id,
          request.params.id,
          app.config.trashRetentionSeconds,
          signer,
        ),
      );
    },
  );

  api.delete(
    '/api/ruminations/:id/permanent',
    { schema: { params: ruminationIdParams } },
    async (request, reply) => {
      const user = await request.requireWriter();
      await deletePermanently(app.db, user.id, request.params.id, app.config.trashRetentionSeconds);
      await emptyWalAfterErasure(app.db, request.log);
      return reply.code(204).send();
    },
  );

  // History (api-contract.md "History"): the author's alone.
  api.get(
    '/api/ruminations/:id/revisions',
    {
      schema: {
        params: ruminationIdParams,
        querystring: pageQuery,
        response: { 200: revisionList },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return listRevisionsOf(app.db, user.id, request.params.id, request.query);
    },
  );

  api.post(
    '/api/ruminations/:id/revisions/:revisionId/restore',
    {
      schema: { params: revisionIdParams, response: { 200: rumination } },
      preSerialization: etagOfRumination,
    },
    async (request, reply) => {
      const user = await request.requireWriter();
      const expected = expectedVersion(request);
      const { id, revisionId } = request.params;
      const signer = await app.media.signer();
      const news: Notified = [];
      const sent = await sendIdempotent(app.db, request, reply, user.id, 200, (db) =>
        restoreRevision(db, user.id, id, revisionId, signer, expected, news),
      );
      publishTo(app, news);
      return sent;
    },
  );

  api.get(
    '/api/ruminations/:id',
    {
      schema: { params: ruminationIdParams, response: { 200: rumination } },
      preSerialization: etagOfRumination,
    },
    async (request) => {
      const user = await request.authenticate();
      return getRumination(app.db, request.params.id, user?.id ?? null, await app.media.signer());
    },
  );

  api.post(
    '/api/ruminations',
    { schema: { body: createRuminationRequest, response: { 201: rumination } } },
    async (request, reply) => {
      const user = await request.requireWriter();
      // Loaded before the write's transaction (rumination-media.ts says why).
      const signer = await app.media.signer();
      // An Idempotency-Key makes a resent create (offline queue) answer the first one; a replay
      // writes nothing and so tells nobody of a mention.
      const news: Notified = [];
      const sent = await sendIdempotent(app.db, request, reply, user.id, 201, (db) =>
        createRumination(db, user.id, request.body, signer, news),
      );
      // sendIdempotent returns once the write (and its notifications) committed.
      publishTo(app, news);
      return sent;
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
      preSerialization: etagOfRumination,
    },
    async (request, reply) => {
      const user = await request.requireWriter();
      const expected = expectedVersion(request);
      const signer = await app.media.signer();
      const news: Notified = [];
      const sent = await sendIdempotent(app.db, request, reply, user.id, 200, (db) =>
        updateRumination(db, user.id, request.params.id, request.body, signer, expected, news),
      );
      publishTo(app, news);
      return sent;
    },
  );

  api.delete(
    '/api/ruminations/:id',
    { schema: { params: ruminationIdParams } },
    async (request, reply) => {
      const user = await request.requireWriter();
      const expected = expectedVersion(request);
      await deleteRumination(
        app.db,
        user.id,
        request.params.id,
        await app.media.signer(),
        expected,
      );
      return reply.code(204).send();
    },
  );
}
