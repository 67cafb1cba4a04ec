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
import { ApiProblem } from '../../../src/api/problem';
import {
  decidePending,
  findRelationOf,
  hasLiveRelation,
  insertRelation,
  isActiveUser,
  listRelationsOf,
  lockPair,
  softDeleteRelation,
  type RelationRow,
} from './relation-queries';
import { refreshViewerAudiences } from './viewer-audiences';
import {
  notifyRelationAccepted,
  notifyRelationRequested,
  withdrawRelationRequested,
  type Notified,
  type RelationFacts,
} from '../notifications/notification-service';

/**
 * The relation state machine (api-contract.md "Relations", spec section 4): the initiator requests,
 * the receiver accepts or rejects a pending one, the initiator cancels a pending one, either side
 * deletes an accepted one. Relations the caller is not part of do not exist for them (404).
 */

export type CreateRelationInput = z.output<typeof createRelationRequest>;

const RELATION_NOT_FOUND = 'Relation not found';

/**
 * A relation after a write, with the people whose notifications changed: the route publishes to
 * them once the write has committed (notification-events.ts).
 */
export interface RelationWritten {
  relation: UserRelation;
  notified: Notified;
}

const factsOf = (row: RelationRow): RelationFacts => ({
  id: row.id,
  type: row.type,
  initiatorId: row.initiator_id,
  receiverId: row.receiver_id,
});

/** A relation row as the API gives it (GET /api/UserRelations items; the account export too). */
export function toRelation(row: RelationRow): UserRelation {
  return {
    id: row.id,
    type: row.type as RelationType,
    initiator: { id: row.initiator_id, username: row.initiator_username },
    receiver: { id: row.receiver_id, username: row.receiver_username },
    isAccepted: row.is_accepted === 1,
    isRejected: row.is_rejected === 1,
    isDeleted: row.is_deleted === 1,
    createTMS: row.create_tms,
  };
}

function stateOf(row: RelationRow) {
  return relationState({
    isAccepted: row.is_accepted === 1,
    isRejected: row.is_rejected === 1,
    isDeleted: row.is_deleted === 1,
  });
}

async function requireOwnRelation(
  db: Kysely<Database>,
  id: number,
  userId: number,
): Promise<RelationRow> {
  const row = await findRelationOf(db, id, userId);
  if (!row) throw new ApiProblem(404, RELATION_NOT_FOUND);
  return row;
}

async function reload(db: Kysely<Database>, id: number, userId: number): Promise<UserRelation> {
  return toRelation(await requireOwnRelation(db, id, userId));
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
  if (input.userId === userId) {
    throw new ApiProblem(400, 'You cannot request a relation with yourself', undefined, {
      userId: ['Must be another user'],
    });
  }
  // The check and the insert share a transaction so that two racing requests do not both pass.
  const { id, notified } = await db.transaction().execute(async (trx) => {
    if (!(await isActiveUser(trx, input.userId))) throw new ApiProblem(404, 'User not found');
    await lockPair(trx, userId, input.userId);
    if (await hasLiveRelation(trx, userId, input.userId, input.relationType)) {
      throw new ApiProblem(409, 'A relation of this type already exists or is pending');
    }
    const type = input.relationType;
    const now = new Date().toISOString();
    const newId = await insertRelation(trx, userId, input.userId, type, now);
    const facts = { id: newId, type, initiatorId: userId, receiverId: input.userId };
    return { id: newId, notified: await notifyRelationRequested(trx, facts) };
  });
  return { relation: await reload(db, id, userId), notified };
}

export async function decideRelation(
  db: Kysely<Database>,
  userId: number,
  id: number,
  accept: boolean,
): Promise<RelationWritten> {
  const row = await requireOwnRelation(db, id, userId);
  const verb = accept ? 'accept' : 'reject';
  if (row.receiver_id !== userId) {
    throw new ApiProblem(403, `Only the receiver of a relation request may ${verb} it`);
  }
  const notPending = new ApiProblem(409, `Only a pending relation request can be ${verb}ed`);
  if (stateOf(row) !== 'pending') throw notPending;
  const notified = await db.transaction().execute(async (trx) => {
    await lockPair(trx, row.initiator_id, row.receiver_id);
    if (!(await decidePending(trx, id, accept, new Date().toISOString()))) throw notPending;
    if (!accept) return [];
    await refreshViewerAudiences(trx, row.initiator_id, row.receiver_id);
    return notifyRelationAccepted(trx, factsOf(row));
  });
  // Both sides are told of a rejection too: streams resend what their lists now hold.
  const told = accept ? notified : [row.initiator_id, row.receiver_id];
  return { relation: await reload(db, id, userId), notified: told };
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
  const row = await requireOwnRelation(db, id, userId);
  const state = stateOf(row);
  const allowed = state === 'accepted' || (state === 'pending' && row.initiator_id === userId);
  if (!allowed) {
    throw new ApiProblem(
      403,
      state === 'pending'
        ? 'Only the requester may cancel a pending relation; reject it instead'
        : 'This relation can no longer be deleted',
    );
  }
  await db.transaction().execute(async (trx) => {
    await lockPair(trx, row.initiator_id, row.receiver_id);
    if (!(await softDeleteRelation(trx, id, state === 'accepted', new Date().toISOString()))) {
      throw new ApiProblem(409, 'The relation changed meanwhile; reload and try again');
    }
    // Ending an accepted relation takes the viewer out of that audience at once.
    if (state === 'accepted') await refreshViewerAudiences(trx, row.initiator_id, row.receiver_id);
    else await withdrawRelationRequested(trx, factsOf(row));
  });
  return [row.initiator_id, row.receiver_id];
}
