import { sql, type Kysely, type Transaction } from 'kysely';
import { rowLimit } from '../../db/row-limit';
import type { RowOf } from '../../db/row-of';
import type { Database } from '../../db/schema';
import { forgetFeedOfRuminations, refreshFeedOfRumination } from './feed-timeline';
import { selectRuminations, type Page } from './rumination-queries';

/**
 * SQL of the trash: moving a rumination there and back, listing it, and erasing for good what its
 * author empties or the retention sweeps (trash-service.ts, trash-retention.ts). A trashed
 * rumination is read as any other (selectRuminations), with when it was deleted.
 */

/** Moves a live rumination at `version` to the trash; answers whether it did (see updateRumination). */
export async function moveToTrash(
  db: Kysely<Database>,
  id: number,
  version: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('ruminations')
    .set({ deleted_tms: now })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('deleted_tms', 'is', null)
    .executeTakeFirst();
  const moved = result.numUpdatedRows > 0n;
  // Out of every feed at once (feed-timeline.ts).
  if (moved) await refreshFeedOfRumination(db, id);
  return moved;
}

/** Puts a trashed rumination back, if it is still the one deleted at `deletedTMS`. */
export async function restoreFromTrash(
  db: Kysely<Database>,
  id: number,
  deletedTMS: string,
): Promise<boolean> {
  const result = await db
    .updateTable('ruminations')
    .set({ deleted_tms: null })
    .where('id', '=', id)
    .where('deleted_tms', '=', deletedTMS)
    .executeTakeFirst();
  const restored = result.numUpdatedRows > 0n;
  if (restored) await refreshFeedOfRumination(db, id);
  return restored;
}

/** A rumination in someone's trash (any author: the decision says who may touch it). */
export async function findTrashed(
  db: Kysely<Database>,
  id: number,
): Promise<{ id: number; author_id: number; deleted_tms: string } | undefined> {
  const row = await db
    .selectFrom('ruminations')
    .select(['id', 'author_id', 'deleted_tms'])
    .where('id', '=', id)
    .where('deleted_tms', 'is not', null)
    .executeTakeFirst();
  return row?.deleted_tms == null ? undefined : { ...row, deleted_tms: row.deleted_tms };
}

/** A trashed rumination as the trash lists it: the read columns and when it was deleted. */
export type TrashedRow = RowOf<ReturnType<typeof selectTrash>>;

function selectTrash(db: Kysely<Database>, authorId: number, cutoff: string) {
  return selectRuminations(db)
    .select(sql<string>`r.deleted_tms`.as('deleted_tms'))
    .where('r.author_id', '=', authorId)
    .where('r.deleted_tms', 'is not', null)
    .where('r.deleted_tms', '>', cutoff);
}

/**
 * The author's trash, most recently deleted first (contract: "BeforeId pages by id among them"):
 * ordered by (deleted_tms, id) descending, and a page after BeforeId holds the rows that come after
 * that rumination in this order (a keyset on its deleted_tms and id, looked up by the id). So the
 * ids of one page are not in id order, but paging never skips nor repeats a row; a BeforeId that is
 * no longer in the caller's trash (restored or erased meanwhile) pages on by id alone, from it down.
 * Rows past the retention (deleted at or before `cutoff`) are left out even before the sweep erased
 * them. Index: ruminations_trash (author_id, deleted_tms, id), partial on the trash.
 */
export async function listTrash(
  db: Kysely<Database>,
  authorId: number,
  cutoff: string,
  page: Page,
): Promise<TrashedRow[]> {
  let query = selectTrash(db, authorId, cutoff);
  if (page.beforeId !== undefined) {
    const before = await db
      .selectFrom('ruminations')
      .select('deleted_tms')
      .where('id', '=', page.beforeId)
      .where('author_id', '=', authorId)
      .where('deleted_tms', 'is not', null)
      .executeTakeFirst();
    const beforeId = page.beforeId;
    query =
      before?.deleted_tms == null
        ? query.where('r.id', '<', beforeId)
        : query.where(sql<boolean>`(r.deleted_tms, r.id) < (${before.deleted_tms}, ${beforeId})`);
  }
  return query
    .orderBy('r.deleted_tms', 'desc')
    .orderBy('r.id', 'desc')
    .limit(rowLimit(page.limit))
    .execute();
}

/** Ids of the author's whole trash (emptying it), past the retention included. */
export async function trashedIdsOf(db: Kysely<Database>, authorId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('ruminations')
    .select('id')
    .where('author_id', '=', authorId)
    .where('deleted_tms', 'is not', null)
    .execute();
  return rows.map((r) => r.id);
}

/** Ids of up to `limit` trashed ruminations deleted at or before `cutoff`, oldest deletion first. */
export async function trashedBefore(
  db: Kysely<Database>,
  cutoff: string,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('ruminations')
    .select('id')
    .where('deleted_tms', 'is not', null)
    .where('deleted_tms', '<=', cutoff)
    .orderBy('deleted_tms')
    .limit(rowLimit(limit))
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Erases ruminations for good with everything about them: the notifications about them (their
 * rumination_id is a plain id, not a foreign key; comment notifications carry it too), their
 * comments, revisions, tags, who was told of a mention and the feeds' rows (first: foreign keys
 * may or may not cascade depending on the database's settings), then the rows.
 */
export async function eraseRuminations(
  db: Kysely<Database> | Transaction<Database>,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('notifications').where('rumination_id', 'in', ids).execute();
  await db.deleteFrom('rumination_revisions').where('rumination_id', 'in', ids).execute();
  await db.deleteFrom('comments').where('rumination_id', 'in', ids).execute();
  await db.deleteFrom('rumination_tags').where('rumination_id', 'in', ids).execute();
  await db.deleteFrom('mention_notified').where('rumination_id', 'in', ids).execute();
  await forgetFeedOfRuminations(db, ids);
  await db.deleteFrom('ruminations').where('id', 'in', ids).execute();
}
