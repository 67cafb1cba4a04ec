import { allow, refuse, type Decision, type Refusal } from './decision';
import { RUMINATION_PROBLEMS } from './rumination-decisions';

/**
 * Reactions (api-contract.md "Habits of a shared journal"): six kinds, in this order, one of each per
 * person and rumination. Who may react, what a rumination's counts say, and whom a reaction tells
 * are decided here, for the server and the mock backend alike.
 */

export const REACTION_KINDS = ['love', 'hug', 'laugh', 'wow', 'sad', 'thanks'] as const;
export type ReactionKind = (typeof REACTION_KINDS)[number];

/** What the app shows for each kind. */
export const REACTION_EMOJI: Readonly<Record<ReactionKind, string>> = {
  love: '❤️',
  hug: '🤗',
  laugh: '😂',
  wow: '😮',
  sad: '😢',
  thanks: '🙏',
};

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

/** A kind's count on a rumination, and whether the caller holds one. */
export interface ReactionCount {
  kind: ReactionKind;
  count: number;
  mine: boolean;
}

/**
 * The rumination shape's `reactions`: only kinds with a count above 0, in the kinds' order
 * (whatever order the counts came in), `mine` false for visitors (viewerId null).
 */
export function reactionCountsOf(
  counts: readonly { kind: string; count: number; mine: boolean }[],
): ReactionCount[] {
  const byKind = new Map(counts.map((c) => [c.kind, c]));
  return REACTION_KINDS.flatMap((kind) => {
    const c = byKind.get(kind);
    return c && c.count > 0 ? [{ kind, count: c.count, mine: c.mine }] : [];
  });
}

/** Counts from single reactions (the mock backend holds rows, not counts). */
export function countReactions(
  rows: readonly { kind: string; userId: number }[],
  viewerId: number | null,
): ReactionCount[] {
  const counts = new Map<string, { kind: string; count: number; mine: boolean }>();
  for (const row of rows) {
    const c = counts.get(row.kind) ?? { kind: row.kind, count: 0, mine: false };
    c.count += 1;
    c.mine ||= row.userId === viewerId;
    counts.set(row.kind, c);
  }
  return reactionCountsOf([...counts.values()]);
}

/** What the SPA shows of one count: "❤️ love, 3 people, you reacted". */
export function reactionCountLabel({ kind, count, mine }: ReactionCount): string {
  const people = count === 1 ? '1 person' : `${count} people`;
  return `${REACTION_EMOJI[kind]} ${kind}, ${people}${mine ? ', you reacted' : ''}`;
}

/**
 * The optimistic form of a tap: the counts after the caller adds (`on`) or takes back a kind, as
 * the server will answer them.
 */
export function toggleReaction(
  counts: readonly ReactionCount[],
  kind: ReactionKind,
  on: boolean,
): ReactionCount[] {
  const current = counts.find((c) => c.kind === kind);
  if ((current?.mine ?? false) === on) return [...counts];
  const count = (current?.count ?? 0) + (on ? 1 : -1);
  return reactionCountsOf([...counts.filter((c) => c.kind !== kind), { kind, count, mine: on }]);
}
