import { rowLimit } from '../../db/row-limit';
import type { Kysely } from 'kysely';
import type { RowOf } from '../../db/row-of';
import type { Database } from '../../db/schema';
import { COMMENT_COLUMNS } from '../comments/comment-queries';
import { selectRelations, type RelationRow } from '../relations/relation-queries';
import { listOwn, type RuminationRow } from '../ruminations/rumination-queries';
import { keysetAfter } from '../../db/keyset';

/**
 * SQL of the account export. Everything is read by its owner's id and in keyset pages (`id` beyond
 * the last one read), never whole: an account's size only changes how many pages there are. Each
 * page is its own query, with no transaction held open across them, so a slow download keeps no
 * connection or snapshot busy between pages.
 */

/**
 * Rows per page. Small pages keep the server's memory flat: a page's rows and strings live across
 * the awaits of the download, so V8 promotes them to its old generation, which then grows until a
 * full collection. Measured with scripts/bench/export-memory.ts (50,000 notes, SQLite page cache
 * held at 2 MB to see the export's own share): 500 rows grew RSS by 20 MB on the first export and
 * by 55 MB after four; 100 rows by 13 MB, the same after four. On PostgreSQL a page is one round
 * trip: 500 of them for 50,000 notes.
 */
export const EXPORT_PAGE_SIZE = 100;

/**
 * One page of the author's own ruminations, drafts included, newest first (as /my lists them), with
 * their live comment counts: the very query of /my (listOwn), through the ruminations_author_id
 * index, so the export and the API cannot disagree on a note's shape.
 */
export async function ownRuminationPage(
  db: Kysely<Database>,
  authorId: number,
  beforeId: number | undefined,
): Promise<RuminationRow[]> {
  return listOwn(db, authorId, undefined, { limit: EXPORT_PAGE_SIZE, beforeId });
}

/**
 * Where the files of one of the author's photos held by a note are (the Markdown export reads
 * them); undefined for any other id.
 */
export async function ownPhotoStorageKey(
  db: Kysely<Database>,
  ownerId: number,
  mediaId: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('media')
    .select('storage_key')
    .where('id', '=', mediaId)
    .where('owner_id', '=', ownerId)
    .where('rumination_id', 'is not', null)
    .executeTakeFirst();
  return row?.storage_key;
}

/** Revisions of the author's ruminations that are not in the trash (`r`: their rumination). */
function selectOwnRevisions(db: Kysely<Database>, authorId: number) {
  return db
    .selectFrom('ruminations as r')
    .innerJoin('rumination_revisions as v', 'v.rumination_id', 'r.id')
    .select([
      'v.rumination_id',
      'v.id',
      'v.version',
      'v.content',
      'v.is_published',
      'v.audience_mask',
      'v.saved_tms',
    ])
    .where('r.author_id', '=', authorId)
    .where('r.deleted_tms', 'is', null);
}

export type OwnRevisionRow = RowOf<ReturnType<typeof selectOwnRevisions>>;

/** Where a page of revisions ends: the next page starts after this (rumination, revision). */
export interface RevisionCursor {
  ruminationId: number;
  id: number;
}

/**
 * One page of the revisions of the author's live ruminations, by rumination then revision, oldest
 * first: the author's ruminations through ruminations_author_id (author_id, id), each one's
 * revisions through rumination_revisions_rumination (rumination_id, id), so that both orders come
 * from the indexes and a page reads its rows, not the whole history. Ordered by `r.id`, which the
 * outer index gives, rather than by the equal `v.rumination_id`, which a planner may not see is.
 */
export async function ownRevisionPage(
  db: Kysely<Database>,
  authorId: number,
  after: RevisionCursor | undefined,
): Promise<OwnRevisionRow[]> {
  return selectOwnRevisions(db, authorId)
    .$if(after !== undefined, (q) =>
      q
        // Implied by the OR, but on the outer table alone, as in commentOnOwnPageQuery.
        .where('r.id', '>=', after?.ruminationId ?? 0)
        .where((eb) =>
          keysetAfter(eb, [
            ['r.id', after?.ruminationId ?? 0],
            ['v.id', after?.id ?? 0],
          ]),
        ),
    )
    .orderBy('r.id', 'asc')
    .orderBy('v.id', 'asc')
    .limit(rowLimit(EXPORT_PAGE_SIZE))
    .execute();
}

/**
 * A comment as the export writes it: the author is the account itself, so no join for a name. Only
 * comments on ruminations not in the trash: while one is, its comments are unreachable for everyone
 * (they come back with it on restore). With the authors of its rumination and of the comment it
 * answers (by primary key, one row each), so that comments.md can tell a reply whose parent it
 * does not hold (repliesOutsideExport of src/domain/markdown-export.ts).
 */
function selectOwnComments(db: Kysely<Database>, authorId: number) {
  return db
    .selectFrom('comments as c')
    .innerJoin('ruminations as r', 'r.id', 'c.rumination_id')
    .leftJoin('comments as p', 'p.id', 'c.parent_comment_id')
    .select([
      'c.id',
      'c.rumination_id',
      'c.parent_comment_id',
      'c.content',
      'c.is_deleted',
      'c.create_tms',
      'c.update_tms',
      'r.author_id as rumination_author_id',
      'p.author_id as parent_author_id',
    ])
    .where('c.author_id', '=', authorId)
    .where('r.deleted_tms', 'is', null);
}

export type OwnCommentRow = RowOf<ReturnType<typeof selectOwnComments>>;

/**
 * One page of the comments the author wrote, anywhere, deleted ones included (their content is
 * already '' in the table), oldest first, through comments_author (author_id, id).
 */
export async function ownCommentPage(
  db: Kysely<Database>,
  authorId: number,
  afterId: number,
): Promise<OwnCommentRow[]> {
  return selectOwnComments(db, authorId)
    .where('c.id', '>', afterId)
    .orderBy('c.id', 'asc')
    .limit(rowLimit(EXPORT_PAGE_SIZE))
    .execute();
}

/**
 * Other people's comments on the author's ruminations that are not in the trash, read as the API
 * reads a comment (COMMENT_COLUMNS), with their authors' names (an erased account's tombstone names
 * itself ERASED_ACCOUNT_NAME).
 */
function selectCommentsOnOwnRuminations(db: Kysely<Database>, authorId: number) {
  return db
    .selectFrom('ruminations as r')
    .innerJoin('comments as c', 'c.rumination_id', 'r.id')
    .innerJoin('users as u', 'u.id', 'c.author_id')
    .select(COMMENT_COLUMNS)
    .where('r.author_id', '=', authorId)
    .where('r.deleted_tms', 'is', null)
    .where('c.author_id', '<>', authorId);
}

export type CommentOnOwnRow = RowOf<ReturnType<typeof selectCommentsOnOwnRuminations>>;

/** Where a page of comments on the author's ruminations ends: the next starts after it. */
export interface CommentOnOwnCursor {
  ruminationId: number;
  id: number;
}

/**
 * One page of other people's comments on the author's live ruminations, deleted ones included, by
 * rumination then comment, oldest first: the author's ruminations through ruminations_author_id
 * (author_id, id), each one's comments through comments_rumination (rumination_id, id), as the
 * revisions are read. Not by comment id across all the notes: no index can give that order (the
 * rumination's author is not a column of comments), so every page would sort all the remaining
 * comments on the account's notes; this way a page reads its own rows, whatever the account's size.
 */
export async function commentOnOwnPage(
  db: Kysely<Database>,
  authorId: number,
  after: CommentOnOwnCursor | undefined,
): Promise<CommentOnOwnRow[]> {
  return commentOnOwnPageQuery(db, authorId, after).execute();
}

/** The query of commentOnOwnPage, unsent (the plan tests explain it). */
export function commentOnOwnPageQuery(
  db: Kysely<Database>,
  authorId: number,
  after: CommentOnOwnCursor | undefined,
) {
  return selectCommentsOnOwnRuminations(db, authorId)
    .$if(after !== undefined, (q) =>
      q
        // Implied by the OR below, but on the outer table alone: the planner starts the author's
        // index range at the cursor's note instead of walking the notes (and their comments)
        // of every page before (measured: SQLite's plan read `author_id=?` alone without it).
        .where('r.id', '>=', after?.ruminationId ?? 0)
        .where((eb) =>
          keysetAfter(eb, [
            ['r.id', after?.ruminationId ?? 0],
            ['c.id', after?.id ?? 0],
          ]),
        ),
    )
    .orderBy('r.id', 'asc')
    .orderBy('c.id', 'asc')
    .limit(rowLimit(EXPORT_PAGE_SIZE));
}

/**
 * One page of the relations the user is either side of, in every state (deleted and rejected
 * included), oldest first, with both sides' names: the rows GET /api/UserRelations maps to items.
 */
export async function relationPage(
  db: Kysely<Database>,
  userId: number,
  afterId: number,
): Promise<RelationRow[]> {
  return selectRelations(db, userId)
    .where('ur.id', '>', afterId)
    .orderBy('ur.id', 'asc')
    .limit(rowLimit(EXPORT_PAGE_SIZE))
    .execute();
}

/** A person accepts a handful of terms versions in a lifetime: read whole, oldest first. */
export async function listTermsAcceptances(
  db: Kysely<Database>,
  userId: number,
): Promise<{ version: string; accepted_at: string }[]> {
  return db
    .selectFrom('terms_acceptances')
    .select(['version', 'accepted_at'])
    .where('user_id', '=', userId)
    .orderBy('accepted_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}
