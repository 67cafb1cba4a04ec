import type { Kysely } from 'kysely';
import type { RowOf } from '../../db/row-of';
import type { Database } from '../../db/schema';
import { keysetAfter } from '../../db/keyset';
import { personColumns } from '../people/person-columns';
import { EXPORT_PAGE_SIZE } from './export-queries';

/**
 * The reactions of the account export (api-contract.md "My writing"): those the person gave, by
 * rumination then kind (the index reactions_user gives the rumination), and those their notes
 * received, in the primary key's order (rumination, kind, person), each a page at a time (keyset
 * paging on those columns). Notes in the trash are left out with what hangs off them, as
 * comments are.
 */

/** Where a page of given reactions starts after: the last (rumination, kind) read. */
export interface GivenCursor {
  ruminationId: number;
  kind: string;
}

/** Where a page of received reactions starts after: the last (rumination, kind, person) read. */
export interface ReceivedCursor extends GivenCursor {
  userId: number;
}

function selectGiven(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('reactions as x')
    .innerJoin('ruminations as r', 'r.id', 'x.rumination_id')
    .select(['x.rumination_id', 'x.kind', 'x.created_at'])
    .where('x.user_id', '=', userId)
    .where('r.deleted_tms', 'is', null)
    .orderBy('x.rumination_id')
    .orderBy('x.kind')
    .limit(EXPORT_PAGE_SIZE);
}
export type GivenReactionRow = RowOf<ReturnType<typeof selectGiven>>;

/** A page of the reactions `userId` gave, by rumination then kind (index reactions_user). */
export async function givenReactionPage(
  db: Kysely<Database>,
  userId: number,
  after: GivenCursor | undefined,
): Promise<GivenReactionRow[]> {
  return selectGiven(db, userId)
    .$if(after !== undefined, (q) =>
      q.where((eb) =>
        keysetAfter(eb, [
          ['x.rumination_id', after?.ruminationId ?? 0],
          ['x.kind', after?.kind ?? ''],
        ]),
      ),
    )
    .execute();
}

function selectReceived(db: Kysely<Database>, authorId: number) {
  return db
    .selectFrom('ruminations as r')
    .innerJoin('reactions as x', 'x.rumination_id', 'r.id')
    .innerJoin('users as u', 'u.id', 'x.user_id')
    .select([
      'x.rumination_id',
      'x.user_id',
      ...personColumns('u', 'user'),
      'x.kind',
      'x.created_at',
    ])
    .where('r.author_id', '=', authorId)
    .where('r.deleted_tms', 'is', null)
    .orderBy('x.rumination_id')
    .orderBy('x.kind')
    .orderBy('x.user_id')
    .limit(EXPORT_PAGE_SIZE);
}
export type ReceivedReactionRow = RowOf<ReturnType<typeof selectReceived>>;

/** A page of the reactions on `authorId`'s notes (their own included), in the key's order. */
export async function receivedReactionPage(
  db: Kysely<Database>,
  authorId: number,
  after: ReceivedCursor | undefined,
): Promise<ReceivedReactionRow[]> {
  const r = after?.ruminationId ?? 0;
  const u = after?.userId ?? 0;
  const k = after?.kind ?? '';
  return selectReceived(db, authorId)
    .$if(after !== undefined, (q) =>
      q.where('r.id', '>=', r).where((eb) =>
        keysetAfter(eb, [
          ['x.rumination_id', r],
          ['x.kind', k],
          ['x.user_id', u],
        ]),
      ),
    )
    .execute();
}
