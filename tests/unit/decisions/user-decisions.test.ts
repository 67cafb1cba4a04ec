import { describe, expect, it } from 'vitest';
import { decideUserLookup, USER_PROBLEMS } from '../../../src/domain/user-decisions';

/** Looking a person up, as the server and the mock backend both settle it. */

describe('looking a person up', () => {
  it('is 404 when nobody can find them (missing or not yet activated)', () => {
    expect(decideUserLookup(undefined)).toEqual({ ok: false, refusal: USER_PROBLEMS.notFound });
    expect(USER_PROBLEMS.notFound).toEqual({ status: 404, title: 'User not found' });
  });

  it('answers the person found', () => {
    const person = { id: 3, username: 'maya' };
    expect(decideUserLookup(person)).toEqual({ ok: true, value: person });
  });
});
