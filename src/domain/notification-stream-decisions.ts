/**
 * How many notification streams one person may hold (api-contract.md "Notifications": "A user holds
 * at most 5 streams: a sixth ends the oldest"). The server asks it with the streams its database
 * lists for the person on every instance, the mock backend with those it holds in memory.
 */

/** The most streams one person holds at once; a newer one ends the oldest. */
export const MAX_STREAMS_PER_USER = 5;

/** A person's open stream: its id orders the streams by when they opened (a larger id is newer). */
export interface OpenStreamFact {
  id: number;
}

/**
 * Which of one person's open streams (the one just opened among them) end so that at most
 * MAX_STREAMS_PER_USER remain: the oldest, so the newest always stays open. Several instances
 * opening at once each see at least every stream opened before their own and end the same oldest
 * ones; whatever any of them sees last, the newest five remain.
 */
export function streamsToEnd<T extends OpenStreamFact>(
  open: readonly T[],
  max: number = MAX_STREAMS_PER_USER,
): T[] {
  const oldestFirst = [...open].sort((a, b) => a.id - b.id);
  return oldestFirst.slice(0, Math.max(0, oldestFirst.length - max));
}
