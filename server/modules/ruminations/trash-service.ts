import type { Kysely } from 'kysely';
import type { PageQuery, Rumination, TrashedRumination } from '../../../src/api/rumination-schemas';
import { ApiProblem, settle } from '../../../src/api/problem';
import {
  decidePermanentDelete,
  decideTrashRestore,
  RUMINATION_PROBLEMS,
  trashCutoff,
  type TrashedFacts,
} from '../../../src/domain/rumination-decisions';
import type { Database } from '../../db/schema';
import { asWriter } from '../../credentials/writer-lock';
import {
  eraseRuminations,
  findTrashed,
  listTrash,
  restoreFromTrash,
  trashedIdsOf,
} from './trash-queries';
import { findChangeable, getRumination, pageOf } from './rumination-service';
import type { MediaSigner } from '../../../src/api/media-urls';
import { ruminationsWithMedia } from './rumination-media';

/**
 * The trash (api-contract.md "Your writing is never lost"): a deleted rumination waits there for its
 * author, out of everyone's sight, until restored, erased for good, or past TRASH_RETENTION_SECONDS
 * (trash-retention.ts sweeps those). Loads the facts and asks src/domain/rumination-decisions.ts.
 */

/** A trashed rumination as the trash rules need it (any author's: the decision says whose). */
async function findTrashedFacts(
  db: Kysely<Database>,
  id: number,
): Promise<(TrashedFacts & { id: number }) | undefined> {
  const row = await findTrashed(db, id);
  return row && { id: row.id, authorId: row.author_id, deletedTMS: row.deleted_tms };
}

/** The caller's trash, most recently deleted first, without what is past the retention. */
export async function listTrashOf(
  db: Kysely<Database>,
  userId: number,
  query: PageQuery,
  retentionSeconds: number,
  signer: MediaSigner,
): Promise<TrashedRumination[]> {
  const cutoff = trashCutoff(new Date(), retentionSeconds);
  const rows = await listTrash(db, userId, cutoff, pageOf(query));
  // With their photos, signed for their author (whose own uploads they are).
  const trashed = await ruminationsWithMedia(db, rows, userId, signer);
  return trashed.map(({ row, ...rumination }) => ({ ...rumination, deletedTMS: row.deleted_tms }));
}

/** Puts a trashed rumination back as it was: same version, comments and revisions. */
export async function restoreFromTrashOf(
  db: Kysely<Database>,
  userId: number,
  id: number,
  retentionSeconds: number,
  signer: MediaSigner,
): Promise<Rumination> {
  return asWriter(db, userId, async (trx) => {
    const trashed = settle(
      decideTrashRestore(await findTrashedFacts(trx, id), userId, new Date(), retentionSeconds),
    );
    // Restored or erased by another request since it was read: as if it had not been found.
    if (!(await restoreFromTrash(trx, id, trashed.deletedTMS))) {
      throw ApiProblem.of(RUMINATION_PROBLEMS.notFound);
    }
    return getRumination(trx, id, userId, signer);
  });
}

/** Erases one rumination of the caller's trash for good (409 when it is not in the trash). */
export async function deletePermanently(
  db: Kysely<Database>,
  userId: number,
  id: number,
  retentionSeconds: number,
): Promise<void> {
  await asWriter(db, userId, async (trx) => {
    const facts = {
      trashed: await findTrashedFacts(trx, id),
      live: await findChangeable(trx, id, userId),
    };
    settle(decidePermanentDelete(facts, userId, new Date(), retentionSeconds));
    await eraseRuminations(trx, [id]);
  });
}

/** Empties the caller's trash: everything in it is erased for good. */
export async function emptyTrash(db: Kysely<Database>, userId: number): Promise<void> {
  await asWriter(db, userId, async (trx) => {
    await eraseRuminations(trx, await trashedIdsOf(trx, userId));
  });
}
