import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  RELATION_LIMIT_DEFAULT,
  type createRelationRequest,
  type RelationListQuery,
  type UserRelation,
} from '../../../src/api/relation-schemas';
import type { RelationType } from '../../../src/domain/relation-types';
import { relationState } from '../../../src/domain/visibility';
import type { Database } from '../../db/schema';
import { ApiProblem, settle } from '../../../src/api/problem';
import {
  decideRelationAnswer,
  decideRelationDelete,
  decideRelationRequest,
  RELATION_PROBLEMS,
  type OwnRelation,
  type RelationAnswer,
} from '../../../src/domain/relation-decisions';
import {
  decidePending,
  findRelationOf,
  hasLiveRelation,
  insertRelation,
  listRelationsOf,
  lockPair,
  softDeleteRelation,
  type RelationRow,
} from './relation-queries';
import { refreshViewerAudiences } from './viewer-audiences';
import { requireStanding } from '../../credentials/request-auth';
import {
  notifyRelation,
  withdrawRelationNotice,
  type Notified,
} from '../notifications/notification-service';

/**
 * Relations (api-contract.md "Relations", spec section 4): loads the facts, asks the shared state
 * machine (src/domain/relation-decisions.ts) and stores what it decided.
 */

export type CreateRelationInput = z.output<typeof createRelationRequest>;

/**
 * A relation after a write, with the people whose notifications changed: the route publishes to
 * them once the write has committed (notification-events.ts).
 */
export interface RelationWritten {
  relation: UserRelation;
  notified: Notified;
}

/** A relation row as the API gives it (GET /api/UserRelations items; the account export too). */
export function toRelation(row: RelationRow): UserRelation {
  return {
    id: row.id,
    type: row.type as RelationType,
    initiator: {
      id: row.initiator_id,
      username: row.initiator_username,
      displayName: row.initiator_display_name,
    },
    receiver: {
      id: row.receiver_id,
      username: row.receiver_username,
      displayName: row.receiver_display_name,
    },
    isAccepted: row.is_accepted === 1,
    isRejected: row.is_rejected === 1,
    isDeleted: row.is_deleted === 1,
    createTMS: row.create_tms,
  };
}

/** The relation as the caller may see it: only one they are a side of. */
async function findOwnRelation(
  db: Kysely<Database>,
  id: number,
  userId: number,
): Promise<OwnRelation | undefined> {
  const row = await findRelationOf(db, id, userId);
  return (
    row && {
      id: row.id,
      type: row.type as RelationType,
      initiatorId: row.initiator_id,
      receiverId: row.receiver_id,
      state: relationState({
        isAccepted: row.is_accepted === 1,
        isRejected: row.is_rejected === 1,
        isDeleted: row.is_deleted === 1,
      }),
    }
  );
}

async function reload(db: Kysely<Database>, id: number, userId: number): Promise<UserRelation> {
  const row = await findRelationOf(db, id, userId);
  if (!row) throw ApiProblem.of(RELATION_PROBLEMS.notFound);
  return toRelation(row);
}

export async function listRelations(
  db: Kysely<Database>,
  userId: number,
  query: RelationListQuery,
): Promise<UserRelation[]> {
  const rows = await listRelationsOf(db, userId, {
    id: query.Id,
    otherUserId: query.UserId,
    // Stored times are UTC ISO strings; bring bounds given with an offset to the same form.
    fromTms: query.FromTMS === undefined ? undefined : new Date(query.FromTMS).toISOString(),
    toTms: query.ToTMS === undefined ? undefined : new Date(query.ToTMS).toISOString(),
    includeDeleted: query.IncludeDeleted === true,
    newestFirst: query.Sort !== 'createTMS',
    limit: query.Limit ?? RELATION_LIMIT_DEFAULT,
    offset: query.Offset ?? 0,
  });
  return rows.map(toRelation);
}

export async function createRelation(
  db: Kysely<Database>,
  userId: number,
  input: CreateRelationInput,
): Promise<RelationWritten> {
  // The facts and the insert share a transaction (on PostgreSQL behind the pair's lock) so that
  // two racing requests do not both pass the duplicate check.
  return db.transaction().execute(async (trx) => {
    const active = await lockPair(trx, userId, input.userId);
    requireStanding(active.has(userId));
    const facts = {
      receiverExists: active.has(input.userId),
      duplicateExists: await hasLiveRelation(trx, userId, input.userId, input.relationType),
    };
    const decided = settle(decideRelationRequest(input, facts, userId));
    const now = new Date().toISOString();
    const id = await insertRelation(
      trx,
      decided.initiatorId,
      decided.receiverId,
      decided.type,
      now,
    );
    const notified = await notifyRelation(trx, { id, type: decided.type }, decided.notices);
    return { relation: await reload(trx, id, userId), notified };
  });
}

export async function answerRelation(
  db: Kysely<Database>,
  userId: number,
  id: number,
  answer: RelationAnswer,
): Promise<RelationWritten> {
  const relation = await findOwnRelation(db, id, userId);
  const decided = settle(decideRelationAnswer(answer, relation, userId));
  const { initiatorId, receiverId, type } = decided.relation;
  return db.transaction().execute(async (trx) => {
    requireStanding((await lockPair(trx, initiatorId, receiverId)).has(userId));
    const accept = decided.set.isAccepted === true;
    if (!(await decidePending(trx, id, accept, new Date().toISOString()))) {
      throw ApiProblem.of(decided.lostRace);
    }
    if (decided.changesAudiences) await refreshViewerAudiences(trx, initiatorId, receiverId);
    const notified = await notifyRelation(trx, { id, type }, decided.notices);
    // Both sides are told of a rejection too: streams resend what their lists now hold.
    const told = answer === 'accept' ? notified : [initiatorId, receiverId];
    return { relation: await reload(trx, id, userId), notified: told };
  });
}

/**
 * Returns both people: ending an accepted relation may hide notifications about what it let them
 * see, and a cancelled request takes its unread notification away.
 */
export async function deleteRelation(
  db: Kysely<Database>,
  userId: number,
  id: number,
): Promise<Notified> {
  const relation = await findOwnRelation(db, id, userId);
  const decided = settle(decideRelationDelete(relation, userId));
  const { initiatorId, receiverId } = decided.relation;
  await db.transaction().execute(async (trx) => {
    requireStanding((await lockPair(trx, initiatorId, receiverId)).has(userId));
    const fromAccepted = decided.from === 'accepted';
    if (!(await softDeleteRelation(trx, id, fromAccepted, new Date().toISOString()))) {
      throw ApiProblem.of(decided.lostRace);
    }
    if (decided.changesAudiences) await refreshViewerAudiences(trx, initiatorId, receiverId);
    if (decided.withdrawn) await withdrawRelationNotice(trx, id, decided.withdrawn);
  });
  return [initiatorId, receiverId];
}
