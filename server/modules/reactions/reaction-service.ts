import type { Kysely } from 'kysely';
import { ApiProblem, settle } from '../../../src/api/problem';
import type { Reactor } from '../../../src/api/reaction-schemas';
import {
  decideReactionAdd,
  decideReactionRemove,
  REACTION_PROBLEMS,
  type ReactableRumination,
  type ReactionKind,
} from '../../../src/domain/reactions';
import type { Database } from '../../db/schema';
import { asWriter } from '../../credentials/writer-lock';
import { notifyReaction, type Notified } from '../notifications/notification-service';
import { findVisibleRumination } from '../ruminations/rumination-queries';
import {
  deleteReaction,
  insertReaction,
  listReactors,
  markNotified,
  wasNotified,
} from './reaction-queries';

/**
 * Reactions (api-contract.md "Habits of a shared journal"): loads the facts, asks the shared rules
 * (src/domain/reactions.ts) and stores what they decided.
 */

async function findReactable(
  db: Kysely<Database>,
  id: number,
  userId: number,
): Promise<ReactableRumination | undefined> {
  const row = await findVisibleRumination(db, id, userId);
  return row && { id: row.id, authorId: row.author_id, isPublished: row.is_published === 1 };
}

/** PUT: adds the reaction (again: nothing changes) and tells the author once per person. */
export async function addReaction(
  db: Kysely<Database>,
  userId: number,
  ruminationId: number,
  kind: ReactionKind,
): Promise<Notified> {
  return asWriter(db, userId, async (trx) => {
    const rumination = await findReactable(trx, ruminationId, userId);
    const notified = rumination !== undefined && (await wasNotified(trx, ruminationId, userId));
    const decided = settle(decideReactionAdd(rumination, userId, notified));
    const row = { rumination_id: decided.ruminationId, user_id: userId, kind };
    await insertReaction(trx, row, new Date().toISOString());
    if (decided.notify === null || !(await markNotified(trx, ruminationId, userId))) return [];
    return notifyReaction(trx, { ruminationId, actorId: userId, recipientId: decided.notify });
  });
}

/** DELETE: takes it back; 204 also when there was none. */
export async function removeReaction(
  db: Kysely<Database>,
  userId: number,
  ruminationId: number,
  kind: ReactionKind,
): Promise<void> {
  await asWriter(db, userId, async (trx) => {
    const decided = settle(decideReactionRemove(await findReactable(trx, ruminationId, userId)));
    await deleteReaction(trx, { rumination_id: decided.ruminationId, user_id: userId, kind });
  });
}

/** GET: who reacted with what, newest first, for whoever may read the rumination. */
export async function listReactions(
  db: Kysely<Database>,
  ruminationId: number,
  viewerId: number | null,
): Promise<Reactor[]> {
  const visible = await findVisibleRumination(db, ruminationId, viewerId);
  if (visible === undefined) throw ApiProblem.of(REACTION_PROBLEMS.notFound);
  return (await listReactors(db, ruminationId)).map((row) => ({
    kind: row.kind as ReactionKind,
    user: { id: row.user_id, username: row.user_username, displayName: row.user_display_name },
  }));
}
