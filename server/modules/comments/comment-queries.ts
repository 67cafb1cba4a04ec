import { sql, type Kysely } from 'kysely';
import type { RowOf } from '../../db/row-of';
import type { Database } from '../../db/schema';
import { personColumns } from '../people/person-columns';
import { ruminationVisibleTo } from '../ruminations/rumination-visibility';

/** SQL of comments. A comment is reachable only through a rumination its reader may see. */

/** A comment `c` as reads return it, with its author `u`'s names (the account export's too). */
export const COMMENT_COLUMNS = [
  'c.id',
  'c.rumination_id',
  'c.parent_comment_id',
  'c.author_id',
  ...personColumns('u', 'author'),
  'c.content',
  'c.is_deleted',
  'c.create_tms',
  'c.update_tms',
  'c.version',
] as const;

/** Comments with their author's name: every comment read starts here. */
function selectComments(db: Kysely<Database>) {
  return db
    .selectFrom('comments as c')
    .innerJoin('users as u', 'u.id', 'c.author_id')
    .select(COMMENT_COLUMNS);
}

/** Comments through their rumination `r`, with what rules about the comment need of it. */
function selectCommentsWithRumination(db: Kysely<Database>) {
  return selectComments(db).innerJoin('ruminations as r', 'r.id', 'c.rumination_id').select([
    'r.is_published as rumination_is_published',
    // Who may moderate the comment besides its author.
    'r.author_id as rumination_author_id',
  ]);
}

export type CommentRow = RowOf<ReturnType<typeof selectComments>>;
export type VisibleCommentRow = RowOf<ReturnType<typeof selectCommentsWithRumination>>;

/** One comment, only if the viewer may read its rumination (ruminationVisibleTo on `r`). */
export async function findVisibleComment(
  db: Kysely<Database>,
  id: number,
  viewerId: number | null,
): Promise<VisibleCommentRow | undefined> {
  return selectCommentsWithRumination(db)
    .where('c.id', '=', id)
    .where(ruminationVisibleTo(viewerId))
    .executeTakeFirst();
}

/**
 * Every comment of one rumination, oldest first, through the (rumination_id, id) index, only if
 * `viewerId` may read the rumination (ruminationVisibleTo on `r`, one primary-key probe): a thread
 * is one query, not a visibility check and then a read. Empty both for a thread without comments
 * and for a rumination the viewer may not read: the caller tells them apart. Trees are assembled
 * in memory from this one read.
 */
export async function listVisibleCommentsOfRumination(
  db: Kysely<Database>,
  ruminationId: number,
  viewerId: number | null,
): Promise<CommentRow[]> {
  return selectComments(db)
    .innerJoin('ruminations as r', 'r.id', 'c.rumination_id')
    .where('c.rumination_id', '=', ruminationId)
    .where(ruminationVisibleTo(viewerId))
    .orderBy('c.id', 'asc')
    .execute();
}

export async function insertComment(
  db: Kysely<Database>,
  values: {
    rumination_id: number;
    parent_comment_id: number | null;
    author_id: number;
    content: string;
  },
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('comments')
    .values({ ...values, is_deleted: 0, create_tms: now, update_tms: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * What a change to a comment is based on: the version its `If-Match` named, or none (no header, or
 * `*`: last write wins, as before versions).
 */
export type BasedOnVersion = number | undefined;

/**
 * An edit or soft delete: sets `changes`, gives the comment its next version, and reports whether
 * it applied. Guarded by is_deleted = 0 so that an edit racing a delete cannot bring content back,
 * and, when the change is based on a version, by that version, so that of two changes based on the
 * same one only the first applies: the check and the write are this one statement (PostgreSQL
 * re-reads a row it waited for another writer of, and finds the version moved on).
 */
async function writeCommentChange(
  db: Kysely<Database>,
  id: number,
  changes: { content: string; is_deleted?: 1 },
  basedOn: BasedOnVersion,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('comments')
    .set({ ...changes, update_tms: now, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .$if(basedOn !== undefined, (q) => q.where('version', '=', basedOn ?? 0))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function updateCommentContent(
  db: Kysely<Database>,
  id: number,
  content: string,
  basedOn: BasedOnVersion,
  now: string,
): Promise<boolean> {
  return writeCommentChange(db, id, { content }, basedOn, now);
}

/** Soft delete: the row stays for its replies, the words are erased. */
export async function softDeleteComment(
  db: Kysely<Database>,
  id: number,
  basedOn: BasedOnVersion,
  now: string,
): Promise<boolean> {
  return writeCommentChange(db, id, { content: '', is_deleted: 1 }, basedOn, now);
}
