import { sayInEnglish, type Say } from '../api/say';

/**
 * Reactions' kinds and counts (api-contract.md "Habits of a shared journal"): six kinds, in this
 * order, one of each per person and rumination. Pure and small: every card of the app imports it.
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

/** A kind's name for people ("love"; the kind itself in English), in `say`'s language. */
export function reactionName(kind: ReactionKind, say: Say = sayInEnglish): string {
  switch (kind) {
    case 'love':
      return say('love');
    case 'hug':
      return say('hug');
    case 'laugh':
      return say('laugh');
    case 'wow':
      return say('wow');
    case 'sad':
      return say('sad');
    case 'thanks':
      return say('thanks');
  }
}

/** What the SPA shows of one count: "❤️ love, 3 people, you reacted". */
export function reactionCountLabel(
  { kind, count, mine }: ReactionCount,
  say: Say = sayInEnglish,
): string {
  const emoji = REACTION_EMOJI[kind];
  const name = reactionName(kind, say);
  if (count === 1) {
    return mine
      ? say('{emoji} {name}, 1 person, you reacted', { emoji, name })
      : say('{emoji} {name}, 1 person', { emoji, name });
  }
  return mine
    ? say('{emoji} {name}, {count} people, you reacted', { emoji, name, count })
    : say('{emoji} {name}, {count} people', { emoji, name, count });
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
