import { deleteMediaFiles } from '../media-files';
import { getDb } from './db';
import type { StoredMedia } from './tables';

/** Which photos are kept, and erasing those that are not (rows here, files in ../media-files.ts). */

/** Held by a note, or an upload whose time to be taken has not come: read and counted as kept. */
export function isMediaLive(m: StoredMedia, at = new Date()): boolean {
  return m.ruminationId !== null || (m.eraseAfter !== null && m.eraseAfter > at.toISOString());
}

/** Erases these uploads, rows and files (files after the rows: nothing reads a row's files then). */
export function eraseMedia(ids: ReadonlySet<number>): void {
  if (ids.size === 0) return;
  const db = getDb();
  db.media = db.media.filter((m) => !ids.has(m.id));
  void deleteMediaFiles([...ids]);
}

/**
 * Erases the photos that are due: uploads no note took within 24 hours, photos a note let go and
 * those of erased notes. The server sweeps on a timer; here it runs before every call (with the
 * trash's sweep) and when a note or an account is erased.
 */
export function sweepMedia(at = new Date()): void {
  eraseMedia(
    new Set(
      getDb()
        .media.filter((m) => !isMediaLive(m, at))
        .map((m) => m.id),
    ),
  );
}
