import { describe, expect, it } from 'vitest';
import {
  decideRelationAnswer,
  decideRelationDelete,
  decideRelationRequest,
  RELATION_PROBLEMS,
  standsInTheWay,
  type OwnRelation,
} from '../../../src/domain/relation-decisions';
import { PEOPLE_PROBLEMS } from '../../../src/domain/people-decisions';
import type { RelationType } from '../../../src/domain/relation-types';
import type { RelationState } from '../../../src/domain/visibility';

/** The relation state machine, which the server and the mock backend both settle. */

const INITIATOR = 1;
const RECEIVER = 2;
const FRIEND: RelationType = 2;

const relation = (state: RelationState): OwnRelation => ({
  id: 9,
  type: FRIEND,
  initiatorId: INITIATOR,
  receiverId: RECEIVER,
  state,
});

const refusalOf = (decision: { ok: boolean; refusal?: unknown }) =>
  decision.ok ? undefined : decision.refusal;

describe('a request', () => {
  const request = { userId: RECEIVER, relationType: FRIEND } as const;
  const clear = { receiverExists: true, duplicateExists: false };

  it('creates a pending relation and tells its receiver', () => {
    expect(decideRelationRequest(request, clear, INITIATOR)).toEqual({
      ok: true,
      value: {
        type: FRIEND,
        initiatorId: INITIATOR,
        receiverId: RECEIVER,
        notices: [{ kind: 'RelationRequested', recipientId: RECEIVER, actorId: INITIATOR }],
      },
    });
  });

  it('refuses oneself (400 on userId) before looking at anything else', () => {
    const nothing = { receiverExists: false, duplicateExists: true };
    const self = { userId: INITIATOR, relationType: FRIEND } as const;
    expect(refusalOf(decideRelationRequest(self, nothing, INITIATOR))).toEqual({
      status: 400,
      title: 'You cannot request a relation with yourself',
      errors: { userId: ['Must be another user'] },
    });
  });

  it('then someone nobody can find (404), then a duplicate (409)', () => {
    const missing = { receiverExists: false, duplicateExists: true };
    expect(refusalOf(decideRelationRequest(request, missing, INITIATOR))).toBe(
      PEOPLE_PROBLEMS.notFound,
    );
    const duplicate = { receiverExists: true, duplicateExists: true };
    expect(refusalOf(decideRelationRequest(request, duplicate, INITIATOR))).toBe(
      RELATION_PROBLEMS.duplicate,
    );
  });

  it('is stood in the way of by a pending or accepted one of its type, either direction', () => {
    const of = (state: RelationState, type: RelationType = FRIEND) => ({
      ...relation(state),
      type,
    });
    expect(standsInTheWay(of('pending'), FRIEND)).toBe(true);
    expect(standsInTheWay(of('accepted'), FRIEND)).toBe(true);
    expect(standsInTheWay({ ...of('accepted'), initiatorId: 2, receiverId: 1 }, FRIEND)).toBe(true);
    expect(standsInTheWay(of('rejected'), FRIEND)).toBe(false);
    expect(standsInTheWay(of('deleted'), FRIEND)).toBe(false);
    expect(standsInTheWay(of('accepted', 3), FRIEND)).toBe(false);
  });
});

describe('accepting and rejecting', () => {
  it('is 404 when the relation is not the caller’s', () => {
    expect(refusalOf(decideRelationAnswer('accept', undefined, RECEIVER))).toBe(
      RELATION_PROBLEMS.notFound,
    );
  });

  it('is 403 for anyone but the receiver, before the state is looked at', () => {
    expect(refusalOf(decideRelationAnswer('accept', relation('accepted'), INITIATOR))).toEqual({
      status: 403,
      title: 'Only the receiver of a relation request may accept it',
    });
    expect(refusalOf(decideRelationAnswer('reject', relation('pending'), INITIATOR))).toEqual({
      status: 403,
      title: 'Only the receiver of a relation request may reject it',
    });
  });

  it('is 409 once the request is no longer pending', () => {
    for (const state of ['accepted', 'rejected', 'deleted'] as const) {
      expect(refusalOf(decideRelationAnswer('accept', relation(state), RECEIVER))).toEqual({
        status: 409,
        title: 'Only a pending relation request can be accepted',
      });
      expect(refusalOf(decideRelationAnswer('reject', relation(state), RECEIVER))).toEqual({
        status: 409,
        title: 'Only a pending relation request can be rejected',
      });
    }
  });

  it('accepting sets isAccepted, tells the initiator and opens the audience', () => {
    const pending = relation('pending');
    expect(decideRelationAnswer('accept', pending, RECEIVER)).toEqual({
      ok: true,
      value: {
        relation: pending,
        set: { isAccepted: true },
        from: 'pending',
        lostRace: RELATION_PROBLEMS.notPendingToAccept,
        notices: [{ kind: 'RelationAccepted', recipientId: INITIATOR, actorId: RECEIVER }],
        withdrawn: null,
        changesAudiences: true,
      },
    });
  });

  it('rejecting sets isRejected and tells nobody', () => {
    const pending = relation('pending');
    expect(decideRelationAnswer('reject', pending, RECEIVER)).toEqual({
      ok: true,
      value: {
        relation: pending,
        set: { isRejected: true },
        from: 'pending',
        lostRace: RELATION_PROBLEMS.notPendingToReject,
        notices: [],
        withdrawn: null,
        changesAudiences: false,
      },
    });
  });
});

describe('deleting', () => {
  it('is 404 when the relation is not the caller’s', () => {
    expect(refusalOf(decideRelationDelete(undefined, INITIATOR))).toBe(RELATION_PROBLEMS.notFound);
  });

  it('the initiator cancels a pending request, and its unread notification goes', () => {
    const pending = relation('pending');
    expect(decideRelationDelete(pending, INITIATOR)).toEqual({
      ok: true,
      value: {
        relation: pending,
        set: { isDeleted: true },
        from: 'pending',
        lostRace: RELATION_PROBLEMS.changedMeanwhile,
        notices: [],
        withdrawn: { kind: 'RelationRequested', recipientId: RECEIVER, actorId: INITIATOR },
        changesAudiences: false,
      },
    });
  });

  it('the receiver may not cancel (403: reject instead)', () => {
    expect(refusalOf(decideRelationDelete(relation('pending'), RECEIVER))).toEqual({
      status: 403,
      title: 'Only the requester may cancel a pending relation; reject it instead',
    });
  });

  it('either side ends an accepted one, which closes its audience', () => {
    for (const side of [INITIATOR, RECEIVER]) {
      const decided = decideRelationDelete(relation('accepted'), side);
      expect(decided.ok && decided.value).toMatchObject({
        set: { isDeleted: true },
        from: 'accepted',
        notices: [],
        withdrawn: null,
        changesAudiences: true,
      });
    }
  });

  it('a rejected or deleted one cannot be deleted (403), whoever asks', () => {
    for (const state of ['rejected', 'deleted'] as const) {
      for (const side of [INITIATOR, RECEIVER]) {
        expect(refusalOf(decideRelationDelete(relation(state), side))).toEqual({
          status: 403,
          title: 'This relation can no longer be deleted',
        });
      }
    }
  });

  it('a write that finds it moved meanwhile answers 409', () => {
    expect(RELATION_PROBLEMS.changedMeanwhile).toEqual({
      status: 409,
      title: 'The relation changed meanwhile; reload and try again',
    });
  });
});
