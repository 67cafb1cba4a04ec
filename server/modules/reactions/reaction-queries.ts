import { sql, type Kysely } from 'kysely';
import type { RowOf } from '../../db/row-of';
import type { Database } from '../../db/schema';
import { personColumns } from '../people/person-columns';
import { ruminationReadableByColumn } from '../ruminations/rumination-visibility';

/** SQL of reactions (migration 0023). */

/** Adds one; a second PUT of the same kind changes nothing (the primary key), not even its time. */
export async function insertReaction(
  db: Kysely<Database>,
  row: { rumination_id: number; user_id: number; kind: string },
  now: string,
): Promise<void> {
  await db
    .insertInto('reactions')
    .values({ ...row, created_at: now })
    .onConflict((oc) => oc.columns(['rumination_id', 'kind', 'user_id']).doNothing())
    .execute();
}

export async function deleteReaction(
  db: Kysely<Database>,
  row: { rumination_id: number; user_id: number; kind: string },
): Promise<void> {
  await db
    .deleteFrom('reactions')
    .where('rumination_id', '=', row.rumination_id)
    .where('user_id', '=', row.user_id)
    .where('kind', '=', row.kind)
    .execute();
}

/** Whether this person's reaction already told the author (once per person and rumination). */
export async function wasNotified(
  db: Kysely<Database>,
  ruminationId: number,
  userId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('reaction_notified')
    .select('user_id')
    .where('rumination_id', '=', ruminationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records that this person told the author; false when another request of theirs did so first
 * (two taps at once on PostgreSQL both read "not yet"): only the one that inserted notifies.
 */
export async function markNotified(
  db: Kysely<Database>,
  ruminationId: number,
  userId: number,
): Promise<boolean> {
  const inserted = await db
    .insertInto('reaction_notified')
    .values({ rumination_id: ruminationId, user_id: userId })
    .onConflict((oc) => oc.columns(['rumination_id', 'user_id']).doNothing())
    .returning('user_id')
    .execute();
  return inserted.length > 0;
}

/** Who reacted to one rumination, newest first, with their names. */
function selectReactors(db: Kysely<Database>, ruminationId: number) {
  return db
    .selectFrom('reactions as x')
    .innerJoin('users as u', 'u.id', 'x.user_id')
    .select(['x.kind', 'x.user_id', ...personColumns('u', 'user'), 'x.created_at'])
    .where('x.rumination_id', '=', ruminationId)
    .orderBy('x.created_at', 'desc')
    .orderBy('x.user_id', 'desc');
}
export type ReactorRow = RowOf<ReturnType<typeof selectReactors>>;

export async function listReactors(
  db: Kysely<Database>,
  ruminationId: number,
): Promise<ReactorRow[]> {
  return selectReactors(db, ruminationId).execute();
}

/**
 * Erases the reactions whose person may no longer read the rumination ("erased with ... the
 * relation that let them see it"), at the moment that changes: an author narrowing a note's
 * audience (one rumination), or a relation between two people ending or changing (their reactions
 * on each other's notes, through reactions_user). Erased rather than filtered on every read: reads
 * of counts are by far the more frequent, and they stay one index range per card.
 */
export async function eraseUnreadableReactions(
  db: Kysely<Database>,
  scope: { ruminationId: number } | { between: readonly [number, number] },
): Promise<void> {
  const where =
    'ruminationId' in scope
      ? sql`x.rumination_id = ${scope.ruminationId}`
      : sql`((x.user_id = ${scope.between[0]} and r.author_id = ${scope.between[1]})
          or (x.user_id = ${scope.between[1]} and r.author_id = ${scope.between[0]}))`;
  // Row values of reactions_user's two columns: each (rumination, person) found is one index range.
  await sql`delete from reactions where (rumination_id, user_id) in (
    select x.rumination_id, x.user_id from reactions x
    inner join ruminations r on r.id = x.rumination_id
    where ${where} and not ${ruminationReadableByColumn('x.user_id')}
  )`.execute(db);
}

/** Erasing an account: the reactions it gave and the memory of whom they told. */
export async function deleteReactionsOfPerson(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('reactions').where('user_id', '=', userId).execute();
  await db.deleteFrom('reaction_notified').where('user_id', '=', userId).execute();
}
