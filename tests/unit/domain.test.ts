import { describe, expect, test } from 'vitest';
import {
  RELATION_TYPES,
  relationLabelFor,
  relationTypeLabel,
  relationTypeOfAudience,
} from '../../src/domain/relation-types';
import { canView, type RelationFact } from '../../src/domain/visibility';
import { visibilityCases as cases, type VisibilityCase } from '../support/visibility-cases';

const AUTHOR = 1;
const VIEWER = 2;

function viewerIdOf(viewer: VisibilityCase['viewer']): number | null {
  if (viewer === 'author') return AUTHOR;
  if (viewer === 'anonymous') return null;
  return VIEWER;
}

function factsOf(c: VisibilityCase): RelationFact[] {
  return c.relations.map((r) => ({
    type: relationTypeOfAudience(r.type),
    initiatorId: r.initiator === 'author' ? AUTHOR : VIEWER,
    receiverId: r.initiator === 'author' ? VIEWER : AUTHOR,
    state: r.state,
  }));
}

describe('canView over every case of visibility-cases.json', () => {
  test('the file holds the 660 cases of the contract', () => {
    expect(cases).toHaveLength(660);
  });

  test.each(cases.map((c, index) => [index, c] as const))('case %i', (_index, c) => {
    const rumination = {
      authorId: AUTHOR,
      isPublished: c.published,
      audiences: c.audiences.map(relationTypeOfAudience),
    };
    expect(canView(rumination, viewerIdOf(c.viewer), factsOf(c))).toBe(c.visible);
  });
});

describe('relation labels', () => {
  test('every type has its spec label, BestFriend shown as "Best Friend"', () => {
    expect(RELATION_TYPES.map((t) => relationTypeLabel(t.value))).toEqual([
      'Acquaintance',
      'Family',
      'Friend',
      'Best Friend',
      'Partner',
      'Therapist',
    ]);
  });

  test('a therapist relation reads "Patient" on the receiving side only', () => {
    const therapy = { type: 5 as const, initiator: { id: AUTHOR }, receiver: { id: VIEWER } };
    expect(relationLabelFor(therapy, VIEWER)).toBe('Patient');
    expect(relationLabelFor(therapy, AUTHOR)).toBe('Therapist');
    expect(relationLabelFor(therapy, null)).toBe('Therapist');
  });

  test('other types read the same from both sides', () => {
    const friends = { type: 2 as const, initiator: { id: AUTHOR }, receiver: { id: VIEWER } };
    expect(relationLabelFor(friends, VIEWER)).toBe('Friend');
    expect(relationLabelFor(friends, AUTHOR)).toBe('Friend');
  });
});
