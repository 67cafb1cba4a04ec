import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { ImportError } from '../../../src/api/import-schemas';
import { MEDIA_UPLOAD_MAX_BYTES } from '../../../src/api/limits';
import { ApiProblem } from '../../../src/api/problem';
import {
  decideJournalFile,
  IMPORT_FAILURES,
  withImportError,
} from '../../../src/domain/journal-import';
import { ENTRY_PROBLEMS, type ImportEntry } from '../../../src/domain/journal-import-entries';
import { MEDIA_PROBLEMS } from '../../../src/domain/media-decisions';
import { isUniqueViolation } from '../../db/constraint-violations';
import type { Database } from '../../db/schema';
import { asWriter } from '../../credentials/writer-lock';
import type { DecodeSlots } from '../media/decode-slots';
import { writeAttachment } from '../media/media-queries';
import type { MediaStorage } from '../media/media-storage';
import { uploadMedia } from '../media/media-upload-service';
import { insertRumination } from '../ruminations/rumination-queries';
import { writeTags } from '../ruminations/rumination-tags';
import { ImportFailure, journalEntries } from './import-entries';
import {
  advanceImport,
  endImport,
  findImport,
  insertImportEntry,
  isKnownEntry,
  type ImportRow,
} from './import-queries';
import { BadZip, UnreadableEntry, ZipBomb, ZipFile, type ZipEntry } from './zip-file';

/** What working a job needs of the app. */
export interface ImportRunContext {
  db: Kysely<Database>;
  storage: MediaStorage;
  slots: DecodeSlots;
  quotaBytes: number;
  log: FastifyBaseLogger;
}

/** What the worker tells one run: its lease's end as it renews it, and when to stop. */
export interface ImportRunControl {
  holder: string;
  leaseUntil: () => number;
  /** This instance stops (or the lease was lost): end after the entry in hand. */
  stopping: () => boolean;
  /** Tests: return after this many entries, as an instance that died would leave it. */
  stopAfter?: number;
}

/** How a run ended: the job's end, or stopped with the job still running (another instance goes on). */
export type RunEnd = 'done' | 'failed' | 'stopped' | 'lost';

class LeaseLost extends Error {}

/** The job's counts as this run moves them, written with each entry. */
interface Tally {
  imported: number;
  skipped: number;
  errors: ImportError[];
}

/**
 * Works a claimed job from its cursor to its end: the uploaded zip copied from the media storage to
 * a temporary file (read with random access, zip-file.ts), each entry read by the shared rules
 * (src/domain/journal-import-entries.ts) and stored as a draft with its photos, one at a time; the
 * cursor and counts move in the entry's own transaction. Ends the job (done or failed) and deletes
 * the uploaded file, unless it stops first, leaving the job to whoever claims it next.
 */
export async function runImport(
  context: ImportRunContext,
  job: ImportRow,
  control: ImportRunControl,
): Promise<RunEnd> {
  const tally: Tally = { imported: job.imported, skipped: job.skipped, errors: job.errors };
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'ruminations-import-'));
  let zip: ZipFile | undefined;
  try {
    const stored = job.file_key === null ? undefined : await context.storage.get(job.file_key);
    if (stored === undefined)
      throw new ImportFailure({ entry: 'file', message: IMPORT_FAILURES.gone });
    const file = path.join(folder, 'import.zip');
    await pipeline(stored.body, fs.createWriteStream(file));
    try {
      zip = await ZipFile.open(file);
    } catch (error) {
      if (error instanceof BadZip) {
        throw new ImportFailure({ entry: 'file', message: IMPORT_FAILURES.unreadableZip });
      }
      throw error;
    }
    const format = decideJournalFile(zip.entries);
    if (!format.ok) throw new ImportFailure({ entry: 'file', message: format.refusal.title });
    const byName = new Map(zip.entries.map((e) => [e.name, e]));
    let done = 0;
    for await (const { index, reading } of journalEntries(
      zip,
      format.value,
      job.cursor,
      new Date(),
    )) {
      if (control.stopping()) return 'stopped';
      if (control.stopAfter !== undefined && done >= control.stopAfter) return 'stopped';
      if (!reading.ok) {
        tally.skipped++;
        tally.errors = withImportError(tally.errors, reading.error);
        await advance(context, job, control, index, tally);
      } else {
        await storeEntry(context, job, control, index, tally, reading.entry, {
          zip,
          byName,
          folder,
        });
      }
      done++;
      // Other people's requests between two entries.
      await nextTurn();
    }
    if (!(await endImport(context.db, job.id, control.holder, 'done', tally.errors))) return 'lost';
    await deleteFile(context, job);
    return 'done';
  } catch (error) {
    if (error instanceof LeaseLost) return lost(context, job);
    const failure = failureOf(error);
    if (failure === undefined) throw error;
    const errors = withImportError(tally.errors, failure);
    if (!(await endImport(context.db, job.id, control.holder, 'failed', errors))) {
      return lost(context, job);
    }
    await deleteFile(context, job);
    return 'failed';
  } finally {
    await zip?.close();
    await fs.promises.rm(folder, { recursive: true, force: true });
  }
}

/** What stops a job whole, as its last error line; anything else is the server's own failure. */
function failureOf(error: unknown): ImportError | undefined {
  if (error instanceof ImportFailure) return error.error;
  if (error instanceof ZipBomb) {
    return { entry: error.entryName, message: IMPORT_FAILURES.inflatesTooMuch(error.entryName) };
  }
  if (error instanceof BadZip || error instanceof UnreadableEntry) {
    return { entry: 'file', message: IMPORT_FAILURES.unreadableZip };
  }
  // The account was erased meanwhile (its writes are refused): nothing more is stored for it.
  if (error instanceof ApiProblem && error.status === 401) {
    return { entry: 'file', message: error.title };
  }
  return undefined;
}

/** The job is no longer this run's: if it is gone with its account (account-erasure.ts), so is its file. */
async function lost(context: ImportRunContext, job: ImportRow): Promise<RunEnd> {
  if ((await findImport(context.db, job.id)) === undefined) await deleteFile(context, job);
  return 'lost';
}

async function deleteFile(context: ImportRunContext, job: ImportRow): Promise<void> {
  if (job.file_key === null) return;
  await context.storage.delete([job.file_key]).catch((error: unknown) => {
    context.log.warn({ err: error, import: job.id }, 'An import’s file could not be deleted');
  });
}

async function advance(
  context: ImportRunContext,
  job: ImportRow,
  control: ImportRunControl,
  index: number,
  tally: Tally,
  db: Kysely<Database> = context.db,
): Promise<void> {
  const moved = await advanceImport(db, job.id, control.holder, {
    cursor: index + 1,
    imported: tally.imported,
    skipped: tally.skipped,
    errors: tally.errors,
    until: control.leaseUntil(),
  });
  if (!moved) throw new LeaseLost();
}

interface ZipAccess {
  zip: ZipFile;
  byName: Map<string, ZipEntry>;
  folder: string;
}

/**
 * One readable entry: skipped when the account already holds it; else its photos through the
 * upload pipeline (stripped, bounded, counted in the quota: a refused photo skips the entry), then
 * the draft, its photos, its tags, its key and the job's progress in one transaction.
 */
async function storeEntry(
  context: ImportRunContext,
  job: ImportRow,
  control: ImportRunControl,
  index: number,
  tally: Tally,
  entry: ImportEntry,
  access: ZipAccess,
): Promise<void> {
  const skip = async (message?: string) => {
    tally.skipped++;
    if (message !== undefined) {
      tally.errors = withImportError(tally.errors, { entry: entry.label, message });
    }
    await advance(context, job, control, index, tally);
  };
  const note =
    entry.noteId === undefined ? undefined : { id: entry.noteId, created: entry.created };
  if (await isKnownEntry(context.db, job.owner_id, entry.key, note)) return skip();

  const media: number[] = [];
  for (const photo of entry.photos) {
    const refused = await uploadPhoto(context, job.owner_id, access, photo.file, media);
    if (refused !== undefined) return skip(refused);
  }
  const next = { ...tally, imported: tally.imported + 1 };
  try {
    await asWriter(context.db, job.owner_id, async (trx) => {
      const id = await insertRumination(
        trx,
        job.owner_id,
        // A draft of the importer, whatever the file said: only they read it.
        { content: entry.text, is_published: 0, audience_mask: 0 },
        entry.created,
      );
      await writeAttachment(trx, id, {
        attached: media.map((mediaId, position) => ({
          id: mediaId,
          position,
          alt: entry.photos[position]?.alt ?? '',
        })),
        released: [],
      });
      await writeTags(trx, id, job.owner_id, entry.text);
      await insertImportEntry(trx, {
        owner_id: job.owner_id,
        entry_key: entry.key,
        import_id: job.id,
        rumination_id: id,
      });
      await advance(context, job, control, index, next, trx);
    });
  } catch (error) {
    // Imported meanwhile by another job of the account (the same file twice at once): known.
    if (isUniqueViolation(error)) return skip();
    throw error;
  }
  tally.imported = next.imported;
}

/**
 * One photo of an entry, as POST /api/media takes an upload (its id pushed to `media`), or the
 * reason it was refused. Photos the pipeline took for an entry that is then skipped are left
 * unattached: the photo sweep erases them within a day, as any upload no note took.
 */
async function uploadPhoto(
  context: ImportRunContext,
  ownerId: number,
  access: ZipAccess,
  name: string,
  media: number[],
): Promise<string | undefined> {
  const entry = access.byName.get(name);
  if (entry === undefined) return ENTRY_PROBLEMS.missingPhoto(name);
  if (entry.bytes > MEDIA_UPLOAD_MAX_BYTES) {
    return ENTRY_PROBLEMS.photoRefused(name, MEDIA_PROBLEMS.tooLarge.title);
  }
  const file = path.join(access.folder, `photo-${media.length}`);
  try {
    await access.zip.extractTo(entry, MEDIA_UPLOAD_MAX_BYTES, file);
    const uploaded = await uploadMedia(context, ownerId, file);
    media.push(uploaded.id);
    return undefined;
  } catch (error) {
    if (error instanceof ApiProblem && error.status !== 401) {
      return ENTRY_PROBLEMS.photoRefused(name, error.title);
    }
    if (error instanceof UnreadableEntry)
      return ENTRY_PROBLEMS.photoRefused(name, ENTRY_PROBLEMS.notAnEntry);
    throw error;
  } finally {
    await fs.promises.rm(file, { force: true });
  }
}
