import { allow, refuse, type Decision, type Refusal } from './decision';
import { RUMINATION_PROBLEMS } from './rumination-decisions';

export * from './reaction-kinds';

/**
 * The rules of reactions (api-contract.md "Habits of a shared journal"): who may react, and whom a
 * reaction tells, for the server and the mock backend alike. The kinds and counts are in
 * reaction-kinds.ts, which the app's cards import without these decisions.
 */

export const REACTION_PROBLEMS = {
  notFound: RUMINATION_PROBLEMS.notFound,
  onDraft: { status: 409, title: 'Drafts cannot be reacted to' },
} as const satisfies Record<string, Refusal>;

/** A rumination as the caller may see it (undefined: missing or hidden, both 404). */
export interface ReactableRumination {
  id: number;
  authorId: number;
  isPublished: boolean;
}

/** What a PUT stores and whether it tells the author (their id), decided from the facts loaded. */
export interface ReactionAdded {
  ruminationId: number;
  /** The author to notify, or null: their own reaction, or this person already told them once. */
  notify: number | null;
}

/**
 * PUT: the rumination must be visible (someone else's draft is not) and published; the author may
 * react too. `alreadyNotified`: this person's reaction once told the author (whatever the kind, even
 * if taken back since), so the author hears of a person at most once per rumination.
 */
export function decideReactionAdd(
  rumination: ReactableRumination | undefined,
  userId: number,
  alreadyNotified: boolean,
): Decision<ReactionAdded> {
  if (rumination === undefined) return refuse(REACTION_PROBLEMS.notFound);
  if (!rumination.isPublished) return refuse(REACTION_PROBLEMS.onDraft);
  const notify = rumination.authorId === userId || alreadyNotified ? null : rumination.authorId;
  return allow({ ruminationId: rumination.id, notify });
}

/** DELETE: 204 whether or not there was one, as long as the rumination is visible. */
export function decideReactionRemove(
  rumination: ReactableRumination | undefined,
): Decision<{ ruminationId: number }> {
  if (rumination === undefined) return refuse(REACTION_PROBLEMS.notFound);
  return allow({ ruminationId: rumination.id });
}
