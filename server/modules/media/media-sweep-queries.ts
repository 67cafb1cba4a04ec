import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * SQL of the photo sweep (media-sweep.ts). "Due" (migration 0019): no note holds the row, and its
 * `erase_after` is null (let go by its note, or its note erased) or has come (an upload never
 * attached, or its account erased). The partial index media_due holds exactly the unheld rows.
 */

function dueAt(now: string) {
  return sql<boolean>`(rumination_id is null and (erase_after is null or erase_after <= ${now}))`;
}

export interface DueMedia {
  id: number;
  storage_key: string;
}

/** Up to `limit` due rows, oldest first. */
export async function findDueMedia(
  db: Kysely<Database>,
  now: string,
  limit: number,
): Promise<DueMedia[]> {
  return db
    .selectFrom('media')
    .select(['id', 'storage_key'])
    .where(dueAt(now))
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Deletes these rows, once their files are gone, if they are still due: a row a note took in the
 * meantime stays (its note then shows a photo whose files are gone, rather than one that vanished
 * from the note: both only at the very end of an upload's 24 hours).
 */
export async function deleteSweptMedia(
  db: Kysely<Database>,
  ids: readonly number[],
  now: string,
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('media')
    .where('id', 'in', [...ids])
    .where(dueAt(now))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * An erased account's uploads that no note holds are due now (with its notes erased first, that is
 * every photo it had; the sweep erases the files).
 */
export async function makeUploadsOfAccountDue(
  db: Kysely<Database>,
  ownerId: number,
  now: string,
): Promise<void> {
  await db
    .updateTable('media')
    .set({ erase_after: now })
    .where('owner_id', '=', ownerId)
    .where('rumination_id', 'is', null)
    .execute();
}
