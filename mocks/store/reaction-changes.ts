import { canView } from '../../src/domain/visibility';
import { getDb } from './db';
import { relationFactsBetween } from './lookups';

/**
 * Erases the reactions whose person may no longer read the rumination (api-contract.md "Habits of
 * a shared journal": erased with "the relation that let them see it"), as the server does at the
 * same moments (a relation answered or ended, a note's audience changed): the shared visibility
 * rule for the reactor, without the trash, so that a note in the trash keeps its reactions.
 */
export function eraseUnreadableReactions(): void {
  const db = getDb();
  const byId = new Map(db.ruminations.map((r) => [r.id, r]));
  db.reactions = db.reactions.filter((x) => {
    const r = byId.get(x.ruminationId);
    if (r === undefined) return false;
    const relations = relationFactsBetween(r.authorId, x.userId);
    return canView(
      { authorId: r.authorId, isPublished: r.isPublished, audiences: r.audiences },
      x.userId,
      relations,
    );
  });
}
