import { allow, refuse, type Decision, type Refusal } from './decision';
import type { RelationType } from './relation-types';
import { PEOPLE_PROBLEMS } from './people-decisions';
import type { RelationFact, RelationState } from './visibility';

/**
 * The relation state machine (api-contract.md "Relations", spec section 4): the initiator requests,
 * the receiver accepts or rejects a pending request, the initiator cancels a pending one, either
 * side ends an accepted one. Relations the caller is not part of do not exist for them (404). Each
 * decision says what the move changes: the flags set, who is told, whether an unread request is
 * taken back, whether who-reads-what changes. The server and the mock backend load the facts and
 * store what was decided.
 */

export const RELATION_PROBLEMS = {
  notFound: { status: 404, title: 'Relation not found' },
  withYourself: {
    status: 400,
    title: 'You cannot request a relation with yourself',
    errors: { userId: ['Must be another user'] },
  },
  duplicate: { status: 409, title: 'A relation of this type already exists or is pending' },
  notReceiverToAccept: {
    status: 403,
    title: 'Only the receiver of a relation request may accept it',
  },
  notReceiverToReject: {
    status: 403,
    title: 'Only the receiver of a relation request may reject it',
  },
  notPendingToAccept: { status: 409, title: 'Only a pending relation request can be accepted' },
  notPendingToReject: { status: 409, title: 'Only a pending relation request can be rejected' },
  cancelByReceiver: {
    status: 403,
    title: 'Only the requester may cancel a pending relation; reject it instead',
  },
  notDeletable: { status: 403, title: 'This relation can no longer be deleted' },
  changedMeanwhile: {
    status: 409,
    title: 'The relation changed meanwhile; reload and try again',
  },
} as const satisfies Record<string, Refusal>;

/** A relation as its caller may see it: only one they are a side of (else undefined). */
export interface OwnRelation extends RelationFact {
  id: number;
}

/** A notification a move writes (or takes back); its relation's id and type go with it. */
export interface RelationNotice {
  kind: 'RelationRequested' | 'RelationAccepted';
  recipientId: number;
  actorId: number;
}

export interface RelationFlags {
  isAccepted: boolean;
  isRejected: boolean;
  isDeleted: boolean;
}

/** A request is told to its receiver: the one notice a request writes and a cancel takes back. */
function requestNotice(initiatorId: number, receiverId: number): RelationNotice {
  return { kind: 'RelationRequested', recipientId: receiverId, actorId: initiatorId };
}

/** Pending and accepted relations stand: another of the same type between the two is refused. */
export function standsInTheWay(relation: RelationFact, type: RelationType): boolean {
  return relation.type === type && (relation.state === 'pending' || relation.state === 'accepted');
}

// A request

export interface RelationRequest {
  userId: number;
  relationType: RelationType;
}

export interface RelationRequestFacts {
  /** Whether the person asked exists to others (accounts not yet activated do not). */
  receiverExists: boolean;
  /** Whether a relation of the requested type stands between the two (`standsInTheWay`). */
  duplicateExists: boolean;
}

/** A new relation: pending (no flag set), its receiver told. */
export interface NewRelation {
  type: RelationType;
  initiatorId: number;
  receiverId: number;
  notices: RelationNotice[];
}

/** Not with oneself (400), only with someone who exists (404), no duplicate (409). */
export function decideRelationRequest(
  request: RelationRequest,
  facts: RelationRequestFacts,
  actorId: number,
): Decision<NewRelation> {
  if (request.userId === actorId) return refuse(RELATION_PROBLEMS.withYourself);
  if (!facts.receiverExists) return refuse(PEOPLE_PROBLEMS.notFound);
  if (facts.duplicateExists) return refuse(RELATION_PROBLEMS.duplicate);
  return allow({
    type: request.relationType,
    initiatorId: actorId,
    receiverId: request.userId,
    notices: [requestNotice(actorId, request.userId)],
  });
}

// A move on an existing relation

/** What a move on a relation changes. */
export interface RelationMove {
  /** The relation moved, as it was before. */
  relation: OwnRelation;
  /** The flags the move sets, only from the state it was decided in. */
  set: Partial<RelationFlags>;
  /** The state the move starts from: the write must still find it there. */
  from: RelationState;
  /** The answer when the write finds the relation moved meanwhile (a racing move came first). */
  lostRace: Refusal;
  /** Notifications written. */
  notices: RelationNotice[];
  /** An unread notification taken back (a read one stays, as history); null when none. */
  withdrawn: RelationNotice | null;
  /** Whether the pair's accepted relations change, and with them who may read what. */
  changesAudiences: boolean;
}

export type RelationAnswer = 'accept' | 'reject';

const ANSWER_REFUSALS: Record<RelationAnswer, { notReceiver: Refusal; notPending: Refusal }> = {
  accept: {
    notReceiver: RELATION_PROBLEMS.notReceiverToAccept,
    notPending: RELATION_PROBLEMS.notPendingToAccept,
  },
  reject: {
    notReceiver: RELATION_PROBLEMS.notReceiverToReject,
    notPending: RELATION_PROBLEMS.notPendingToReject,
  },
};

/**
 * The receiver answers a pending request: 404 when the relation is not the caller's, 403 when they
 * are not its receiver, 409 when it is no longer pending. Accepting tells the initiator and
 * shares with the new audience; rejecting tells nobody and changes nothing else.
 */
export function decideRelationAnswer(
  answer: RelationAnswer,
  relation: OwnRelation | undefined,
  actorId: number,
): Decision<RelationMove> {
  const refusals = ANSWER_REFUSALS[answer];
  if (relation === undefined) return refuse(RELATION_PROBLEMS.notFound);
  if (relation.receiverId !== actorId) return refuse(refusals.notReceiver);
  if (relation.state !== 'pending') return refuse(refusals.notPending);
  const accept = answer === 'accept';
  return allow({
    relation,
    set: accept ? { isAccepted: true } : { isRejected: true },
    from: 'pending',
    lostRace: refusals.notPending,
    notices: accept
      ? [{ kind: 'RelationAccepted', recipientId: relation.initiatorId, actorId }]
      : [],
    withdrawn: null,
    changesAudiences: accept,
  });
}

/**
 * Deleting: the initiator cancels a pending request (its unread notification goes with it: it asks
 * for something that no longer stands), either side ends an accepted relation (the audiences it
 * opened close at once). 404 when not the caller's; 403 for a receiver's cancel (they reject
 * instead) and for a rejected or deleted relation.
 */
export function decideRelationDelete(
  relation: OwnRelation | undefined,
  actorId: number,
): Decision<RelationMove> {
  if (relation === undefined) return refuse(RELATION_PROBLEMS.notFound);
  const { state } = relation;
  if (state === 'pending' && relation.initiatorId !== actorId) {
    return refuse(RELATION_PROBLEMS.cancelByReceiver);
  }
  if (state !== 'pending' && state !== 'accepted') return refuse(RELATION_PROBLEMS.notDeletable);
  const ends = state === 'accepted';
  return allow({
    relation,
    set: { isDeleted: true },
    from: state,
    lostRace: RELATION_PROBLEMS.changedMeanwhile,
    notices: [],
    withdrawn: ends ? null : requestNotice(relation.initiatorId, relation.receiverId),
    changesAudiences: ends,
  });
}
