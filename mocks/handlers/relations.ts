import { HttpResponse } from 'msw';
import {
  RELATION_LIMIT_DEFAULT,
  createRelationRequest,
  relationIdParams,
  relationListQuery,
} from '../../src/api/relation-schemas';
import { ApiProblem, settle } from '../../src/api/problem';
import {
  decideRelationAnswer,
  decideRelationDelete,
  decideRelationRequest,
  RELATION_PROBLEMS,
  standsInTheWay,
  type OwnRelation,
  type RelationAnswer,
  type RelationMove,
  type RelationNotice,
} from '../../src/domain/relation-decisions';
import { relationState } from '../../src/domain/visibility';
import { noContent, readBody, readId, readQuery, requireUser, requireWriter, route } from '../http';
import { createNotification } from '../store/notifications';
import { getDb, nextId } from '../store/db';
import { now } from '../store/clock';
import { relationFactsBetween } from '../store/lookups';
import { eraseUnreadableReactions } from '../store/reaction-changes';
import type { StoredRelation } from '../store/tables';
import { findActiveUser, toRelation } from '../views';

/**
 * /api/UserRelations (api-contract.md "Relations"): loads the facts from the store, asks the shared
 * state machine (src/domain/relation-decisions.ts) and stores what it decided.
 */

/** The relation as the caller may see it: only one they are a side of. */
function findOwnRelation(id: number, userId: number): OwnRelation | undefined {
  const relation = getDb().relations.find((r) => r.id === id);
  if (!relation || (relation.initiatorId !== userId && relation.receiverId !== userId)) {
    return undefined;
  }
  const { type, initiatorId, receiverId } = relation;
  return { id, type, initiatorId, receiverId, state: relationState(relation) };
}

function storedRelation(id: number): StoredRelation {
  const relation = getDb().relations.find((r) => r.id === id);
  if (!relation) throw ApiProblem.of(RELATION_PROBLEMS.notFound);
  return relation;
}

function notify(relation: StoredRelation, notices: readonly RelationNotice[]): void {
  for (const { kind, recipientId, actorId } of notices) {
    createNotification({
      recipientId,
      actorId,
      kind,
      relationId: relation.id,
      relationType: relation.type,
    });
  }
}

/** Deleted rather than hidden at read time, so that marking it read later cannot bring it back. */
function withdraw(relation: StoredRelation, notice: RelationNotice): void {
  const db = getDb();
  db.notifications = db.notifications.filter(
    (n) =>
      !(
        n.kind === notice.kind &&
        n.relationId === relation.id &&
        n.recipientId === notice.recipientId &&
        !n.isRead
      ),
  );
}

/** Stores a move the state machine decided (the mock has no race to lose: one call at a time). */
function store(move: RelationMove): StoredRelation {
  const relation = storedRelation(move.relation.id);
  Object.assign(relation, move.set);
  notify(relation, move.notices);
  if (move.withdrawn) withdraw(relation, move.withdrawn);
  // Reactions on each other's notes that the relation no longer lets them read go with it.
  eraseUnreadableReactions();
  return relation;
}

function answerHandler(answer: RelationAnswer) {
  return route('put', `/api/UserRelations/:id/${answer}`, ({ request, params }) => {
    const id = readId(params, relationIdParams);
    const userId = requireWriter(request);
    const decided = settle(decideRelationAnswer(answer, findOwnRelation(id, userId), userId));
    return HttpResponse.json(toRelation(store(decided)));
  });
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
    const facts = {
      receiverExists: findActiveUser(input.userId) !== undefined,
      duplicateExists: relationFactsBetween(userId, input.userId).some((r) =>
        standsInTheWay(r, input.relationType),
      ),
    };
    const decided = settle(decideRelationRequest(input, facts, userId));
    const relation: StoredRelation = {
      id: nextId(),
      type: decided.type,
      initiatorId: decided.initiatorId,
      receiverId: decided.receiverId,
      isAccepted: false,
      isRejected: false,
      isDeleted: false,
      createTMS: now(),
    };
    getDb().relations.push(relation);
    notify(relation, decided.notices);
    return HttpResponse.json(toRelation(relation), { status: 201 });
  }),

  answerHandler('accept'),
  answerHandler('reject'),

  route('delete', '/api/UserRelations/:id', ({ request, params }) => {
    const id = readId(params, relationIdParams);
    const userId = requireWriter(request);
    store(settle(decideRelationDelete(findOwnRelation(id, userId), userId)));
    return noContent();
  }),
];
