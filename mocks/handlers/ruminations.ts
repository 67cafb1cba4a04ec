import { HttpResponse } from 'msw';
import { LIST_LIMIT_DEFAULT } from '../../src/api/common';
import {
  ruminationWriteRequest,
  ruminationIdParams,
  ruminationListQuery,
  type Rumination,
  type RuminationListQuery,
} from '../../src/api/rumination-schemas';
import { settle } from '../../src/api/problem';
import {
  decideRuminationDelete,
  decideRuminationEdit,
  ruminationFieldsOf,
} from '../../src/domain/rumination-decisions';
import { relationState } from '../../src/domain/visibility';
import {
  noContent,
  optionalUser,
  readBody,
  readId,
  readQuery,
  requireUser,
  requireWriter,
  route,
} from '../http';
import { matchesSearch, searchTerms } from '../../src/domain/note-search';
import { idempotent } from './idempotency';
import { getDb, nextId, now, type StoredRumination } from '../store';
import { findVisibleRumination, isVisible, toRumination, visibleRuminationOr404 } from '../views';

/**
 * /api/ruminations/* (api-contract.md "Ruminations" and "Visibility"): reads run the visibility
 * rule; writes load the facts, ask the shared rules (src/domain/rumination-decisions.ts) and store
 * what they decided.
 */

/** Public: what an anonymous reader may read. */
const isPublicOne = (r: StoredRumination) => isVisible(r, null);

/** Newest first, `BeforeId` keyset, `Limit` (default 20, at most 100 by the schema). */
function page(items: StoredRumination[], query: RuminationListQuery): Rumination[] {
  const before = query.BeforeId;
  return items
    .filter((r) => before === undefined || r.id < before)
    .sort((a, b) => b.id - a.id)
    .slice(0, query.Limit ?? LIST_LIMIT_DEFAULT)
    .map(toRumination);
}

/** Users with an accepted, not deleted relation (any type, either direction) with `userId`. */
function relatedUserIds(userId: number): Set<number> {
  const ids = new Set<number>();
  for (const r of getDb().relations) {
    if (relationState(r) !== 'accepted') continue;
    if (r.initiatorId === userId) ids.add(r.receiverId);
    if (r.receiverId === userId) ids.add(r.initiatorId);
  }
  return ids;
}

export const ruminationHandlers = [
  route('get', '/api/ruminations/my', ({ request }) => {
    const query = readQuery(request, ruminationListQuery);
    const userId = requireUser(request);
    const terms = searchTerms(query.q);
    const own = getDb().ruminations.filter(
      (r) =>
        r.authorId === userId &&
        (query.isPublic === undefined || r.isPublished === query.isPublic) &&
        matchesSearch(r.content, terms),
    );
    return HttpResponse.json(page(own, query));
  }),

  route('get', '/api/ruminations/feed', ({ request }) => {
    const query = readQuery(request, ruminationListQuery);
    const userId = requireUser(request);
    const related = relatedUserIds(userId);
    const items = getDb().ruminations.filter(
      (r) =>
        r.authorId !== userId &&
        related.has(r.authorId) &&
        (query.UserId === undefined || r.authorId === query.UserId) &&
        r.isPublished &&
        (query.isPublic === true ? r.audiences.length === 0 : isVisible(r, userId)),
    );
    return HttpResponse.json(page(items, query));
  }),

  route('get', '/api/ruminations/public', ({ request }) => {
    const query = readQuery(request, ruminationListQuery);
    const viewerId = optionalUser(request);
    const authorId = query.UserId;
    const items = getDb().ruminations.filter((r) => {
      if (authorId === undefined) return isPublicOne(r);
      if (r.authorId !== authorId || !r.isPublished) return false;
      return query.isPublic === true ? isPublicOne(r) : isVisible(r, viewerId);
    });
    return HttpResponse.json(page(items, query));
  }),

  route('get', '/api/ruminations/:id', ({ request, params }) => {
    const id = readId(params, ruminationIdParams);
    return HttpResponse.json(toRumination(visibleRuminationOr404(id, optionalUser(request))));
  }),

  route(
    'post',
    '/api/ruminations',
    idempotent(async ({ request }) => {
      const input = await readBody(request, ruminationWriteRequest);
      const userId = requireWriter(request);
      const time = now();
      const rumination: StoredRumination = {
        ...ruminationFieldsOf(input),
        id: nextId(),
        authorId: userId,
        createTMS: time,
        updateTMS: time,
        version: 1,
      };
      getDb().ruminations.push(rumination);
      return HttpResponse.json(toRumination(rumination), { status: 201 });
    }),
  ),

  route(
    'put',
    '/api/ruminations/:id',
    idempotent(async ({ request, params }) => {
      const id = readId(params, ruminationIdParams);
      const input = await readBody(request, ruminationWriteRequest);
      const userId = requireWriter(request);
      const edit = decideRuminationEdit(findVisibleRumination(id, userId), userId, input);
      const { rumination, fields } = settle(edit);
      Object.assign(rumination, fields, { updateTMS: now() });
      return HttpResponse.json(toRumination(rumination));
    }),
  ),

  route('delete', '/api/ruminations/:id', ({ request, params }) => {
    const id = readId(params, ruminationIdParams);
    const userId = requireWriter(request);
    settle(decideRuminationDelete(findVisibleRumination(id, userId), userId));
    const db = getDb();
    db.ruminations = db.ruminations.filter((r) => r.id !== id);
    db.comments = db.comments.filter((c) => c.ruminationId !== id);
    return noContent();
  }),
];
