import { PostgresAdapter, type Kysely } from 'kysely';
import {
  ANONYMOUS_VIEWER,
  mediaUrlExpiry,
  signedMediaUrls,
  type MediaSigner,
} from '../../../src/api/media-urls';
import type { MediaRef } from '../../../src/api/media-schemas';
import type { Rumination } from '../../../src/api/rumination-schemas';
import { allow, type Decision } from '../../../src/domain/decision';
import { decideMediaAttach, type AttachedMedia } from '../../../src/domain/media-decisions';
import type { Database } from '../../db/schema';
import { findUploads, heldBy, writeAttachment } from '../media/media-queries';
import { pageExtrasOf } from './page-extras';
import type { RuminationRow } from './rumination-queries';
import { toRumination } from './rumination-wire';

/**
 * The photos of ruminations (api-contract.md "Photos"): every rumination the API answers goes
 * through ruminationsWithMedia, so that each path (one note, the lists, search, the trash, a 412's
 * `current`, a write's answer) shows the same photos, signed for whoever reads them. A page's photos
 * and its reactions' counts are one query (page-extras.ts), never one per card.
 */

/**
 * Rows as the wire shape, each with its photos and their URLs signed for `viewerId` (null: signed
 * out). `signer` is the deployment's, loaded before any transaction (media-module.ts): on SQLite a
 * read of its key outside a running transaction would wait for that transaction's connection.
 */
export async function ruminationsWithMedia<Row extends RuminationRow>(
  db: Kysely<Database>,
  rows: readonly Row[],
  viewerId: number | null,
  signer: MediaSigner,
): Promise<(Rumination & { row: Row })[]> {
  const ids = rows.map((r) => r.id);
  // Their photos and reactions' counts: one query for the whole page.
  const { media: held, reactions } = await pageExtrasOf(db, ids, viewerId);
  const viewer = viewerId ?? ANONYMOUS_VIEWER;
  const expires = mediaUrlExpiry(new Date());
  return Promise.all(
    rows.map(async (row) => ({
      ...toRumination(row),
      reactions: reactions.get(row.id) ?? [],
      media: await Promise.all(
        (held.get(row.id) ?? []).map(async (m) => ({
          id: m.id,
          width: m.width,
          height: m.height,
          alt: m.alt,
          ...(await signedMediaUrls(m.id, viewer, expires, signer)),
        })),
      ),
      row,
    })),
  );
}

/** One row as the wire shape, with its photos (see ruminationsWithMedia). */
export async function ruminationWithMedia(
  db: Kysely<Database>,
  row: RuminationRow,
  viewerId: number | null,
  signer: MediaSigner,
): Promise<Rumination> {
  const [withMedia] = await ruminationsWithMedia(db, [row], viewerId, signer);
  const { row: _row, ...rumination } = withMedia!;
  return rumination;
}

/** Rows as the wire shape with their photos, without the rows. */
export async function ruminationListWithMedia(
  db: Kysely<Database>,
  rows: readonly RuminationRow[],
  viewerId: number | null,
  signer: MediaSigner,
): Promise<Rumination[]> {
  const withMedia = await ruminationsWithMedia(db, rows, viewerId, signer);
  return withMedia.map(({ row: _row, ...rumination }) => rumination);
}

/** What a write decided about a note's photos (undefined: the write named none, keep them). */
export type MediaAttachment = { attached: AttachedMedia[]; released: number[] } | undefined;

/**
 * Decides the photos a write names, inside its transaction: `refs` undefined keeps the note's
 * photos (an update without `media`, as clients of the spec send), `[]` lets them all go. 400 on
 * `media` for another user's upload, an unknown or swept one, one held by another note.
 */
export async function decideWriteMedia(
  trx: Kysely<Database>,
  userId: number,
  ruminationId: number | null,
  refs: readonly MediaRef[] | undefined,
): Promise<Decision<MediaAttachment>> {
  if (refs === undefined) return allow(undefined);
  await lockUploads(
    trx,
    refs.map((r) => r.id),
  );
  const now = new Date().toISOString();
  const uploads = await findUploads(
    trx,
    refs.map((r) => r.id),
    now,
  );
  const heldBefore = ruminationId === null ? [] : await heldBy(trx, ruminationId);
  return decideMediaAttach(refs, uploads, userId, ruminationId, heldBefore);
}

/**
 * On PostgreSQL one person's writes run side by side (the writer's lock is FOR SHARE), so two
 * notes written at once could both find an upload free and both take it: the rows named are
 * locked until the write commits, and the second write then finds the upload held (400). SQLite
 * runs one write transaction at a time.
 */
async function lockUploads(trx: Kysely<Database>, ids: readonly number[]): Promise<void> {
  if (ids.length === 0 || !(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx
    .selectFrom('media')
    .select('id')
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Stores what decideWriteMedia decided, for the note written. */
export async function writeMedia(
  trx: Kysely<Database>,
  ruminationId: number,
  decided: MediaAttachment,
): Promise<void> {
  if (decided !== undefined) await writeAttachment(trx, ruminationId, decided);
}
