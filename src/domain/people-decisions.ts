import { allow, refuse, type Decision, type Refusal } from './decision';

/**
 * The rules of looking a person up (a profile, the other side of a relation request). The server
 * and the mock backend load the person as others may find them: an account not yet activated does
 * not exist to anyone else, so it is loaded as undefined, like a missing one.
 */

export const PEOPLE_PROBLEMS = {
  notFound: { status: 404, title: 'User not found' },
} as const satisfies Record<string, Refusal>;

/** The person, or 404 alike for missing and not yet activated accounts. */
export function decidePersonLookup<T>(user: T | undefined): Decision<T> {
  return user === undefined ? refuse(PEOPLE_PROBLEMS.notFound) : allow(user);
}
