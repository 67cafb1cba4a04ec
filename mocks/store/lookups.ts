import { termsStanding } from '../../src/domain/terms-decisions';
import { relationState, type RelationFact } from '../../src/domain/visibility';
import { getDb } from './db';
import type { StoredTerms, StoredUser } from './tables';

/** Lookups shared by the handlers (and tests): people, the current terms, relations. */

export function findUser(id: number): StoredUser | undefined {
  return getDb().users.find((u) => u.id === id);
}

export function findUserByLogin(login: string): StoredUser | undefined {
  const key = login.trim().toLowerCase();
  return getDb().users.find(
    (u) => u.username.toLowerCase() === key || u.email.toLowerCase() === key,
  );
}

export function currentTerms(): StoredTerms | undefined {
  const db = getDb();
  return db.terms[db.terms.length - 1];
}

export function hasAcceptedCurrentTerms(userId: number): boolean {
  const current = currentTerms()?.version ?? null;
  const accepted = getDb().acceptances.some((a) => a.userId === userId && a.version === current);
  return !termsStanding(current, accepted).requiresAcceptance;
}

/** The relations between two users, as the visibility rule wants them. */
export function relationFactsBetween(a: number, b: number): RelationFact[] {
  return getDb()
    .relations.filter(
      (r) =>
        (r.initiatorId === a && r.receiverId === b) || (r.initiatorId === b && r.receiverId === a),
    )
    .map((r) => ({
      type: r.type,
      initiatorId: r.initiatorId,
      receiverId: r.receiverId,
      state: relationState(r),
    }));
}
