import { z } from 'zod';
import { idInput, userRef } from './common';
import { REACTION_KINDS } from '../domain/reaction-kinds';

/** Wire schemas of /api/ruminations/{id}/reactions (api-contract.md "Habits of a shared journal"). */

export { REACTION_KINDS, type ReactionKind } from '../domain/reaction-kinds';

export const reactionKind = z.enum(REACTION_KINDS, {
  error: () => `Must be one of ${REACTION_KINDS.join(', ')}`,
});

/** PUT and DELETE /api/ruminations/{id}/reactions/{kind}. */
export const reactionParams = z.object({ id: idInput, kind: reactionKind });

/** One kind's count on a rumination, in the rumination shape's `reactions`. */
export const reactionCount = z.object({
  kind: reactionKind,
  count: z.number().int().positive(),
  mine: z.boolean(),
});

/** GET /api/ruminations/{id}/reactions: who reacted with what, newest first. */
export const reactor = z.object({ kind: reactionKind, user: userRef });
export type Reactor = z.infer<typeof reactor>;
export const reactorList = z.array(reactor);
