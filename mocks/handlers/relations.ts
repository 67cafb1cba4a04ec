import { HttpResponse, type PathParams } from 'msw';
import {
  RELATION_LIMIT_DEFAULT,
  createRelationRequest,
  relationIdParams,
  relationListQuery,
} from '../../src/api/relation-schemas';
import {
  badRequest,
  conflict,
  forbidden,
  noContent,
  notFound,
  readBody,
  readId,
  readQuery,
  requireUser,
  requireWriter,
  route,
} from '../http';
import { createNotification, findUser, getDb, nextId, now, type StoredRelation } from '../store';
import { toRelation } from '../views';

/**
 * /api/UserRelations (api-contract.md "Relations"). The state machine: pending -> accepted or
 * rejected (receiver), pending -> deleted (initiator cancels), accepted -> deleted (either side).
 * A relation the caller is not part of is 404 on every call.
 */

const isPending = (r: StoredRelation) => !r.isAccepted && !r.isRejected && !r.isDeleted;

function ownRelationOr404(id: number, userId: number): StoredRelation {
  const relation = getDb().relations.find((r) => r.id === id);
  if (!relation || (relation.initiatorId !== userId && relation.receiverId !== userId)) {
    throw notFound('Relation not found');
  }
  return relation;
}

/**
 * A cancelled request's notification goes while still unread: it asks for something that no
 * longer stands. A read one stays, as history (as the server does). Deleted rather than hidden at
 * read time, so that marking it read later cannot bring it back.
 */
function withdrawRequestNotification(relation: StoredRelation): void {
  const db = getDb();
  db.notifications = db.notifications.filter(
    (n) =>
      !(
        n.kind === 'RelationRequested' &&
        n.relationId === relation.id &&
        n.recipientId === relation.receiverId &&
        !n.isRead
      ),
  );
}

/** The receiver answers a pending request; anything else is refused. */
function answerable(params: PathParams, request: Request, verb: string): StoredRelation {
  const id = readId(params, relationIdParams);
  const userId = requireWriter(request);
  const relation = ownRelationOr404(id, userId);
  if (relation.receiverId !== userId) {
    throw forbidden(`Only the receiver of a relation request may ${verb} it`);
  }
  if (!isPending(relation)) throw conflict(`Only a pending relation request can be ${verb}ed`);
  return relation;
}

export const relationHandlers = [
  route('get', '/api/UserRelations', ({ request }) => {
    const query = readQuery(request, relationListQuery);
    const userId = requireUser(request);
    const from = query.FromTMS === undefined ? undefined : Date.parse(query.FromTMS);
    const to = query.ToTMS === undefined ? undefined : Date.parse(query.ToTMS);
    const items = getDb()
      .relations.filter((r) => {
        if (r.initiatorId !== userId && r.receiverId !== userId) return false;
        if (r.isDeleted && query.IncludeDeleted !== true) return false;
        if (query.Id !== undefined && r.id !== query.Id) return false;
        if (
          query.UserId !== undefined &&
          r.initiatorId !== query.UserId &&
          r.receiverId !== query.UserId
        ) {
          return false;
        }
        const created = Date.parse(r.createTMS);
        if (from !== undefined && created < from) return false;
        if (to !== undefined && created > to) return false;
        return true;
      })
      .sort((a, b) => {
        // By createTMS, then id, as the server orders them.
        const order = a.createTMS.localeCompare(b.createTMS) || a.id - b.id;
        return query.Sort === 'createTMS' ? order : -order;
      });
    const offset = query.Offset ?? 0;
    const limit = query.Limit ?? RELATION_LIMIT_DEFAULT;
    return HttpResponse.json(items.slice(offset, offset + limit).map(toRelation));
  }),

  route('post', '/api/UserRelations', async ({ request }) => {
    const input = await readBody(request, createRelationRequest);
    const userId = requireWriter(request);
    if (input.userId === userId) {
      throw badRequest('You cannot request a relation with yourself', {
        userId: ['Must be another user'],
      });
    }
    if (!findUser(input.userId)?.isActive) throw notFound('User not found');
    const other = input.userId;
    const duplicate = getDb().relations.some(
      (r) =>
        r.type === input.relationType &&
        !r.isDeleted &&
        !r.isRejected &&
        ((r.initiatorId === userId && r.receiverId === other) ||
          (r.initiatorId === other && r.receiverId === userId)),
    );
    if (duplicate) throw conflict('A relation of this type already exists or is pending');
    const relation: StoredRelation = {
      id: nextId(),
      type: input.relationType,
      initiatorId: userId,
      receiverId: other,
      isAccepted: false,
      isRejected: false,
      isDeleted: false,
      createTMS: now(),
    };
    getDb().relations.push(relation);
    createNotification({
      recipientId: other,
      actorId: userId,
      kind: 'RelationRequested',
      relationId: relation.id,
      relationType: relation.type,
    });
    return HttpResponse.json(toRelation(relation), { status: 201 });
  }),

  route('put', '/api/UserRelations/:id/accept', ({ request, params }) => {
    const relation = answerable(params, request, 'accept');
    relation.isAccepted = true;
    createNotification({
      recipientId: relation.initiatorId,
      actorId: relation.receiverId,
      kind: 'RelationAccepted',
      relationId: relation.id,
      relationType: relation.type,
    });
    return HttpResponse.json(toRelation(relation));
  }),

  route('put', '/api/UserRelations/:id/reject', ({ request, params }) => {
    const relation = answerable(params, request, 'reject');
    relation.isRejected = true;
    return HttpResponse.json(toRelation(relation));
  }),

  route('delete', '/api/UserRelations/:id', ({ request, params }) => {
    const id = readId(params, relationIdParams);
    const userId = requireWriter(request);
    const relation = ownRelationOr404(id, userId);
    const cancelsOwnRequest = isPending(relation) && relation.initiatorId === userId;
    const endsAccepted = relation.isAccepted && !relation.isDeleted;
    if (!cancelsOwnRequest && !endsAccepted) {
      throw forbidden(
        isPending(relation)
          ? 'Only the requester may cancel a pending relation; reject it instead'
          : 'This relation can no longer be deleted',
      );
    }
    relation.isDeleted = true;
    if (cancelsOwnRequest) withdrawRequestNotification(relation);
    return noContent();
  }),
];
