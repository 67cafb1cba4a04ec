import { describe, expect, it } from 'vitest';
import { decidePersonLookup, PEOPLE_PROBLEMS } from '../../../src/domain/people-decisions';

/** Looking a person up, as the server and the mock backend both settle it. */

describe('looking a person up', () => {
  it('is 404 when nobody can find them (missing or not yet activated)', () => {
    expect(decidePersonLookup(undefined)).toEqual({ ok: false, refusal: PEOPLE_PROBLEMS.notFound });
    expect(PEOPLE_PROBLEMS.notFound).toEqual({ status: 404, title: 'User not found' });
  });

  it('answers the person found', () => {
    const person = { id: 3, username: 'maya' };
    expect(decidePersonLookup(person)).toEqual({ ok: true, value: person });
  });
});
