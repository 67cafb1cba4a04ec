import { HttpResponse } from 'msw';
import { LIST_LIMIT_DEFAULT } from '../../src/api/common';
import { ETAG_HEADER, etagOf, settleOrConflict } from '../../src/api/preconditions';
import {
  createRuminationRequest,
  pageQuery,
  revisionIdParams,
  ruminationWriteRequest,
  ruminationIdParams,
  ruminationListQuery,
  type PageQuery,
  type Rumination,
  type RuminationListQuery,
} from '../../src/api/rumination-schemas';
import { settle } from '../../src/api/problem';
import {
  decidePermanentDelete,
  decideRevisionRestore,
  decideRevisionsRead,
  decideRuminationDelete,
  decideRuminationEdit,
  decideTrashRestore,
  ruminationFieldsOf,
} from '../../src/domain/rumination-decisions';
import { decideWrittenTime } from '../../src/domain/written-time';
import { relationState } from '../../src/domain/visibility';
import {
  noContent,
  optionalUser,
  parseWith,
  readBody,
  readId,
  readIfMatch,
  readQuery,
  requireUser,
  requireWriter,
  route,
} from '../http';
import { matchesSearch, searchTerms } from '../../src/domain/note-search';
import { compareTagCounts, extractTags, tagFilterOf, type TagCount } from '../../src/domain/tags';
import { notifyMentions } from './mentions';
import { idempotent } from './idempotency';
import {
  eraseRuminations,
  moveToTrash,
  reviseRumination,
  takeOutOfTrash,
  TRASH_RETENTION_SECONDS,
} from '../store/rumination-changes';
import { getDb, nextId } from '../store/db';
import { now } from '../store/clock';
import type { StoredRumination } from '../store/tables';
import {
  findVisibleRumination,
  isVisible,
  liveRuminations,
  ruminationFor,
  toRevision,
  toRumination,
  toTrashedRumination,
  visibleRuminationOr404,
  withMedia,
} from '../views';
import { decideAttachment, storeAttachment } from './media';
import { dayRange } from '../../src/domain/memories';
import { preferencesOf } from '../store/preferences';

/**
 * /api/ruminations/* (api-contract.md "Ruminations", "Visibility" and "Your writing is never
 * lost"): reads run the visibility rule (which no trashed rumination passes); writes load the
 * facts, ask the shared rules (src/domain/rumination-decisions.ts, src/api/preconditions.ts) and
 * store what they decided.
 */

/** Public: what an anonymous reader may read. */
const isPublicOne = (r: StoredRumination) => isVisible(r, null);

/** Newest first (by id), `BeforeId` keyset, `Limit` (default 20, at most 100 by the schema). */
function pageOf<T extends { id: number }>(items: T[], query: PageQuery): T[] {
  const before = query.BeforeId;
  return items
    .filter((r) => before === undefined || r.id < before)
    .sort((a, b) => b.id - a.id)
    .slice(0, query.Limit ?? LIST_LIMIT_DEFAULT);
}

/** A page as `viewerId` reads it: photos with URLs signed for them. */
function page(
  items: StoredRumination[],
  query: RuminationListQuery,
  viewerId: number | null,
): Promise<Rumination[]> {
  return withMedia(pageOf(items, query).map(toRumination), viewerId);
}

/** One rumination with its version as `ETag` (api-contract.md "Versions"). */
async function withEtag(rumination: StoredRumination, viewerId: number | null): Promise<Response> {
  return HttpResponse.json(await ruminationFor(rumination, viewerId), {
    headers: { [ETAG_HEADER]: etagOf(rumination.version) },
  });
}

type Trashed = StoredRumination & { deletedTMS: string };

const isTrashed = (r: StoredRumination): r is Trashed => r.deletedTMS !== undefined;

/**
 * A page of a trash, most recently deleted first (api-contract.md "Trash"): by (deletedTMS, id)
 * descending, `BeforeId` a keyset on that order looked up by the id, as the server pages it; a
 * `BeforeId` no longer in this trash (restored, erased) pages on by id alone.
 */
function trashPage(trash: Trashed[], query: PageQuery): Trashed[] {
  const beforeId = query.BeforeId;
  const before = trash.find((r) => r.id === beforeId);
  const comesAfter = (r: Trashed): boolean => {
    if (beforeId === undefined) return true;
    if (before === undefined) return r.id < beforeId;
    return r.deletedTMS === before.deletedTMS ? r.id < before.id : r.deletedTMS < before.deletedTMS;
  };
  return trash
    .filter(comesAfter)
    .sort((a, b) =>
      a.deletedTMS === b.deletedTMS ? b.id - a.id : a.deletedTMS < b.deletedTMS ? 1 : -1,
    )
    .slice(0, query.Limit ?? LIST_LIMIT_DEFAULT);
}

/** Rumination `id` if it is in someone's trash (the decisions say whose, and for how long). */
function findTrashed(id: number): Trashed | undefined {
  const found = getDb().ruminations.find((r) => r.id === id);
  return found && isTrashed(found) ? found : undefined;
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

/**
 * The `tag=` of a list (src/domain/tags.ts): undefined, every rumination passes; a tag no note can
 * hold, none does; otherwise those whose content holds it.
 */
function tagFilter(query: RuminationListQuery): (r: StoredRumination) => boolean {
  const tag = tagFilterOf(query.tag);
  if (tag === undefined) return () => true;
  return (r) => tag !== null && extractTags(r.content).includes(tag);
}

/** The saved content's mentions told (a published rumination's; a draft's wait). */
function tellMentions(rumination: StoredRumination): void {
  notifyMentions({
    ruminationId: rumination.id,
    commentId: null,
    actorId: rumination.authorId,
    content: rumination.content,
    published: rumination.isPublished,
  });
}

export const ruminationHandlers = [
  route('get', '/api/account/tags', ({ request }) => {
    const userId = requireUser(request);
    const counts = new Map<string, number>();
    for (const r of liveRuminations()) {
      if (r.authorId !== userId) continue;
      for (const tag of extractTags(r.content)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    }
    const list: TagCount[] = [...counts].map(([tag, count]) => ({ tag, count }));
    return HttpResponse.json(list.sort(compareTagCounts));
  }),

  route('get', '/api/ruminations/my', async ({ request }) => {
    const query = readQuery(request, ruminationListQuery);
    const userId = requireUser(request);
    const terms = searchTerms(query.q);
    // `date` (ours, for the calendar's day): that local day in the caller's zone.
    const day =
      query.date === undefined ? undefined : dayRange(query.date, preferencesOf(userId).timeZone);
    const own = liveRuminations().filter(
      (r) =>
        r.authorId === userId &&
        (query.isPublic === undefined || r.isPublished === query.isPublic) &&
        (day === undefined || (r.createTMS >= day.start && r.createTMS < day.end)) &&
        matchesSearch(r.content, terms),
    );
    return HttpResponse.json(await page(own.filter(tagFilter(query)), query, userId));
  }),

  route('get', '/api/ruminations/feed', async ({ request }) => {
    const query = readQuery(request, ruminationListQuery);
    const userId = requireUser(request);
    const related = relatedUserIds(userId);
    const items = liveRuminations().filter(
      (r) =>
        r.authorId !== userId &&
        related.has(r.authorId) &&
        (query.UserId === undefined || r.authorId === query.UserId) &&
        r.isPublished &&
        (query.isPublic === true ? r.audiences.length === 0 : isVisible(r, userId)),
    );
    return HttpResponse.json(await page(items.filter(tagFilter(query)), query, userId));
  }),

  route('get', '/api/ruminations/public', async ({ request }) => {
    const query = readQuery(request, ruminationListQuery);
    const viewerId = optionalUser(request);
    const authorId = query.UserId;
    const items = liveRuminations().filter((r) => {
      if (authorId === undefined) return isPublicOne(r);
      if (r.authorId !== authorId || !r.isPublished) return false;
      return query.isPublic === true ? isPublicOne(r) : isVisible(r, viewerId);
    });
    return HttpResponse.json(await page(items.filter(tagFilter(query)), query, viewerId));
  }),

  // The trash (fixed paths, before /api/ruminations/:id takes "trash" for an id).
  route('get', '/api/ruminations/trash', async ({ request }) => {
    const query = readQuery(request, pageQuery);
    const userId = requireUser(request);
    // Past its retention a rumination is gone (the sweep of `route` has erased it already).
    const own = getDb().ruminations.filter(
      (r): r is Trashed => isTrashed(r) && r.authorId === userId,
    );
    return HttpResponse.json(
      await withMedia(trashPage(own, query).map(toTrashedRumination), userId),
    );
  }),

  route('delete', '/api/ruminations/trash', ({ request }) => {
    const userId = requireWriter(request);
    const own = getDb().ruminations.filter((r) => isTrashed(r) && r.authorId === userId);
    eraseRuminations(new Set(own.map((r) => r.id)));
    return noContent();
  }),

  route('get', '/api/ruminations/:id', ({ request, params }) => {
    const id = readId(params, ruminationIdParams);
    const viewerId = optionalUser(request);
    return withEtag(visibleRuminationOr404(id, viewerId), viewerId);
  }),

  route(
    'post',
    '/api/ruminations',
    idempotent(async ({ request }) => {
      const { writtenTMS, media, ...input } = await readBody(request, createRuminationRequest);
      const userId = requireWriter(request);
      // When it was written, if believable (a note sent later, offline); else now.
      const time = settle(decideWrittenTime(writtenTMS, new Date(now())));
      const photos = decideAttachment(media ?? [], userId, null);
      const rumination: StoredRumination = {
        ...ruminationFieldsOf(input),
        id: nextId(),
        authorId: userId,
        createTMS: time,
        updateTMS: time,
        version: 1,
      };
      getDb().ruminations.push(rumination);
      storeAttachment(rumination.id, photos);
      tellMentions(rumination);
      return HttpResponse.json(await ruminationFor(rumination, userId), { status: 201 });
    }),
  ),

  route(
    'put',
    '/api/ruminations/:id',
    idempotent(async ({ request, params }) => {
      const id = readId(params, ruminationIdParams);
      const { media, ...input } = await readBody(request, ruminationWriteRequest);
      const userId = requireWriter(request);
      const expected = readIfMatch(request);
      const found = findVisibleRumination(id, userId);
      const { rumination, fields, version } = await settleOrConflict(
        decideRuminationEdit(found, userId, input, expected),
        () => found && ruminationFor(found, userId),
      );
      // Absent `media` keeps the note's photos (clients of the spec send none).
      const photos = media === undefined ? undefined : decideAttachment(media, userId, rumination);
      reviseRumination(rumination, fields, version);
      if (photos) storeAttachment(rumination.id, photos);
      tellMentions(rumination);
      return withEtag(rumination, userId);
    }),
  ),

  route('delete', '/api/ruminations/:id', async ({ request, params }) => {
    const id = readId(params, ruminationIdParams);
    const userId = requireWriter(request);
    const expected = readIfMatch(request);
    const found = findVisibleRumination(id, userId);
    const rumination = await settleOrConflict(
      decideRuminationDelete(found, userId, expected),
      () => found && ruminationFor(found, userId),
    );
    moveToTrash(rumination);
    return noContent();
  }),

  route(
    'post',
    '/api/ruminations/:id/restore',
    idempotent(({ request, params }) => {
      const id = readId(params, ruminationIdParams);
      const userId = requireWriter(request);
      const trashed = settle(
        decideTrashRestore(findTrashed(id), userId, new Date(), TRASH_RETENTION_SECONDS),
      );
      return withEtag(takeOutOfTrash(trashed), userId);
    }),
  ),

  route('delete', '/api/ruminations/:id/permanent', ({ request, params }) => {
    const id = readId(params, ruminationIdParams);
    const userId = requireWriter(request);
    const facts = { trashed: findTrashed(id), live: findVisibleRumination(id, userId) };
    const trashed = settle(
      decidePermanentDelete(facts, userId, new Date(), TRASH_RETENTION_SECONDS),
    );
    eraseRuminations(new Set([trashed.id]));
    return noContent();
  }),

  route('get', '/api/ruminations/:id/revisions', ({ request, params }) => {
    const id = readId(params, ruminationIdParams);
    const query = readQuery(request, pageQuery);
    const userId = requireUser(request);
    const rumination = settle(decideRevisionsRead(findVisibleRumination(id, userId), userId));
    const revisions = getDb().revisions.filter((r) => r.ruminationId === rumination.id);
    return HttpResponse.json(pageOf(revisions, query).map(toRevision));
  }),

  route(
    'post',
    '/api/ruminations/:id/revisions/:revisionId/restore',
    idempotent(async ({ request, params }) => {
      const ids = parseWith(
        revisionIdParams,
        { id: params['id'], revisionId: params['revisionId'] },
        'params',
      );
      const userId = requireWriter(request);
      const expected = readIfMatch(request);
      const found = findVisibleRumination(ids.id, userId);
      const revision = getDb().revisions.find((r) => r.id === ids.revisionId);
      const { rumination, fields, version } = await settleOrConflict(
        decideRevisionRestore(found, revision, userId, expected),
        () => found && ruminationFor(found, userId),
      );
      const restored = reviseRumination(rumination, fields, version);
      tellMentions(restored);
      return withEtag(restored, userId);
    }),
  ),
];
