import { strFromU8, unzipSync, type UnzipFileInfo } from 'fflate';
import { HttpResponse } from 'msw';
import {
  IMPORT_MAX_BYTES,
  importIdParams,
  type ImportJob,
  type ImportStarted,
} from '../../src/api/import-schemas';
import { ApiProblem, settle } from '../../src/api/problem';
import {
  decideImportRead,
  decideImportStart,
  decideJournalFile,
  IMPORT_FAILURES,
  IMPORT_JOURNAL_MAX_BYTES,
  IMPORT_NOTE_FILE_MAX_BYTES,
  IMPORT_PROBLEMS,
  withImportError,
  type JournalFormat,
  type ZipEntryFacts,
} from '../../src/domain/journal-import';
import {
  dayOneEntriesOf,
  ENTRY_PROBLEMS,
  readDayOneEntry,
  readMarkdownNote,
  type EntryReading,
  type ImportEntry,
} from '../../src/domain/journal-import-entries';
import { decideQuota, unattachedEraseAfter } from '../../src/domain/media-decisions';
import { ruminationFieldsOf } from '../../src/domain/rumination-decisions';
import { readId, requireUser, requireWriter, route } from '../http';
import type { EncodedMedia } from '../media-codec';
import { putMediaFiles } from '../media-files';
import { now } from '../store/clock';
import { getDb, nextId, saveDb } from '../store/db';
import type { StoredImport } from '../store/tables';
import { bytesOf, encodeUpload, MEDIA_QUOTA_BYTES, storeAttachment, usedBytes } from './media';
import { sayAgain } from '../../src/api/english-again';
import { sayForRequest } from '../i18n';

/**
 * /api/account/import (api-contract.md "Bring your journal: import") as the server answers it,
 * from the same shared rules (src/domain/journal-import*.ts): the zip read with fflate, the job run
 * in the background of this page (it finishes within moments), its photos through the mock's own
 * upload path. The uploaded bytes are kept in memory only: a demo reloaded mid-job finds them gone
 * and the job fails, as the server's would with its file lost.
 */

const uploads = new Map<number, Uint8Array>();
const running = new Set<Promise<void>>();

/** Tests: resolves once every job started so far has ended. */
export async function importsSettled(): Promise<void> {
  while (running.size > 0) await Promise.all([...running]);
}

async function fileOf(request: Request): Promise<Uint8Array> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw ApiProblem.of(IMPORT_PROBLEMS.noFile);
  }
  const file: unknown = form.get('file');
  if (file === null || typeof file !== 'object' || !('arrayBuffer' in file)) {
    throw ApiProblem.of(IMPORT_PROBLEMS.noFile);
  }
  const bytes = new Uint8Array(await (file as Blob).arrayBuffer());
  if (bytes.length > IMPORT_MAX_BYTES) throw ApiProblem.of(IMPORT_PROBLEMS.tooLarge);
  return bytes;
}

/** The zip's central directory, nothing inflated (or undefined: no zip). */
function listing(zip: Uint8Array): ZipEntryFacts[] | undefined {
  const entries: ZipEntryFacts[] = [];
  try {
    unzipSync(zip, {
      filter: (file: UnzipFileInfo) => {
        entries.push({ name: file.name, bytes: file.originalSize, compressedBytes: file.size });
        return false;
      },
    });
  } catch {
    return undefined;
  }
  return entries;
}

/** The named entries inflated, each at most `limit` bytes (its header's word, which fflate keeps). */
function inflate(zip: Uint8Array, names: ReadonlySet<string>, limit: number) {
  return unzipSync(zip, {
    filter: (file) => names.has(file.name) && file.originalSize <= limit,
  });
}

function entriesOf(zip: Uint8Array, format: JournalFormat): EntryReading[] {
  const at = new Date(now());
  if (format.kind === 'dayone') {
    const files = inflate(zip, new Set(format.journals), IMPORT_JOURNAL_MAX_BYTES);
    return format.journals.flatMap((name) => {
      let entries: unknown[] | undefined;
      try {
        entries = dayOneEntriesOf(JSON.parse(strFromU8(files[name] ?? new Uint8Array())));
      } catch {
        entries = undefined;
      }
      if (entries === undefined) throw new Error(IMPORT_FAILURES.notJournal);
      return entries.map((entry, i) => readDayOneEntry(entry, i, at));
    });
  }
  const files = inflate(zip, new Set(format.notes), IMPORT_NOTE_FILE_MAX_BYTES);
  return format.notes.map((name): EntryReading => {
    const file = files[name];
    return file === undefined
      ? { ok: false, error: { entry: name, message: ENTRY_PROBLEMS.tooBig } }
      : readMarkdownNote(name, strFromU8(file), at);
  });
}

function jobOf(id: number): StoredImport | undefined {
  return getDb().imports.find((j) => j.id === id);
}

function isKnown(ownerId: number, entry: ImportEntry): boolean {
  const db = getDb();
  if (db.importEntries.some((e) => e.ownerId === ownerId && e.key === entry.key)) return true;
  return db.ruminations.some(
    (r) => r.id === entry.noteId && r.authorId === ownerId && r.createTMS === entry.created,
  );
}

/** Its photos encoded as an upload is, or the reason the entry is skipped. */
async function photosOf(
  zip: Uint8Array,
  ownerId: number,
  entry: ImportEntry,
): Promise<EncodedMedia[] | string> {
  const encoded: EncodedMedia[] = [];
  let bytes = 0;
  for (const photo of entry.photos) {
    const file = inflate(zip, new Set([photo.file]), Number.MAX_SAFE_INTEGER)[photo.file];
    if (file === undefined) return ENTRY_PROBLEMS.missingPhoto(photo.file);
    try {
      const one = await encodeUpload(file);
      bytes += bytesOf(one);
      settle(decideQuota(usedBytes(ownerId), bytes, MEDIA_QUOTA_BYTES));
      encoded.push(one);
    } catch (error) {
      if (error instanceof ApiProblem) return ENTRY_PROBLEMS.photoRefused(photo.file, error.title);
      throw error;
    }
  }
  return encoded;
}

/** Stores one readable entry as a draft of the owner, with its photos; answers whether it did. */
async function storeEntry(zip: Uint8Array, job: StoredImport, entry: ImportEntry) {
  if (isKnown(job.ownerId, entry)) return { skipped: true };
  const photos = await photosOf(zip, job.ownerId, entry);
  if (typeof photos === 'string') return { skipped: true, message: photos };
  // The account was erased meanwhile (handlers/account.ts): nothing is stored for it.
  if (jobOf(job.id) === undefined) return { skipped: true };
  // After the waits, in one step: the demo re-reads its saved store on every call.
  const db = getDb();
  const at = now();
  const ids = photos.map((encoded) => {
    const id = nextId();
    db.media.push({
      id,
      ownerId: job.ownerId,
      ruminationId: null,
      position: 0,
      alt: '',
      width: encoded.width,
      height: encoded.height,
      bytes: bytesOf(encoded),
      createTMS: at,
      eraseAfter: unattachedEraseAfter(new Date(at)),
    });
    return id;
  });
  const id = nextId();
  db.ruminations.push({
    ...ruminationFieldsOf({ content: entry.text, publish: false, audiences: [] }),
    id,
    authorId: job.ownerId,
    createTMS: entry.created,
    updateTMS: entry.created,
    version: 1,
  });
  storeAttachment(id, {
    attached: ids.map((mediaId, position) => ({
      id: mediaId,
      position,
      alt: entry.photos[position]?.alt ?? '',
    })),
    released: [],
  });
  db.importEntries.push({ ownerId: job.ownerId, key: entry.key });
  saveDb();
  await Promise.all(ids.map((mediaId, i) => putMediaFiles(mediaId, photos[i]!.files)));
  return { skipped: false };
}

async function runJob(id: number): Promise<void> {
  const zip = uploads.get(id);
  const fail = (entry: string, message: string) => {
    const job = jobOf(id);
    if (job === undefined) return;
    Object.assign(job, {
      state: 'failed',
      errors: withImportError(job.errors, { entry, message }),
    });
    saveDb();
  };
  try {
    const facts = zip && listing(zip);
    const format = facts && decideJournalFile(facts);
    if (zip === undefined || format === undefined || !format.ok) {
      return fail('file', IMPORT_FAILURES.unreadableZip);
    }
    let readings: EntryReading[];
    try {
      readings = entriesOf(zip, format.value);
    } catch {
      return fail('file', IMPORT_FAILURES.notJournal);
    }
    for (const reading of readings) {
      const job = jobOf(id);
      if (job === undefined) return;
      if (!reading.ok) {
        job.skipped++;
        job.errors = withImportError(job.errors, reading.error);
        saveDb();
        continue;
      }
      const stored = await storeEntry(zip, job, reading.entry);
      const current = jobOf(id);
      if (current === undefined) return;
      if (stored.skipped) {
        current.skipped++;
        if (stored.message !== undefined) {
          current.errors = withImportError(current.errors, {
            entry: reading.entry.label,
            message: stored.message,
          });
        }
      } else current.imported++;
      saveDb();
    }
    const job = jobOf(id);
    if (job !== undefined) job.state = 'done';
    saveDb();
  } finally {
    uploads.delete(id);
  }
}

export const importHandlers = [
  route('post', '/api/account/import', async ({ request }) => {
    const userId = requireWriter(request);
    const mine = getDb().imports.filter((i) => i.ownerId === userId && i.state === 'running');
    settle(decideImportStart(mine.length));
    const zip = await fileOf(request);
    const facts = listing(zip);
    if (facts === undefined) throw ApiProblem.of(IMPORT_PROBLEMS.notJournal);
    const format = settle(decideJournalFile(facts));
    if (format.kind === 'dayone') {
      const name = format.journals[0] ?? '';
      const head = strFromU8(
        inflate(zip, new Set([name]), IMPORT_JOURNAL_MAX_BYTES)[name] ?? new Uint8Array(),
      );
      if (!head.trimStart().startsWith('{') || !head.includes('"entries"')) {
        throw ApiProblem.of(IMPORT_PROBLEMS.notJournal);
      }
    }
    const job: StoredImport = {
      id: nextId(),
      ownerId: userId,
      state: 'running',
      imported: 0,
      skipped: 0,
      errors: [],
    };
    getDb().imports.push(job);
    saveDb();
    uploads.set(job.id, zip);
    const done: Promise<void> = new Promise<void>((resolve) => setTimeout(resolve, 0))
      .then(() => runJob(job.id))
      .catch(() => undefined)
      .finally(() => running.delete(done));
    running.add(done);
    return HttpResponse.json<ImportStarted>({ id: job.id }, { status: 202 });
  }),

  route('get', '/api/account/import/:id', async ({ request, params }) => {
    const id = readId(params, importIdParams);
    const userId = requireUser(request);
    const job = settle(
      decideImportRead(jobOf(id) && { ...jobOf(id)!, ownerId: jobOf(id)!.ownerId }, userId),
    );
    // A running job whose upload this page no longer holds (the demo was reloaded): it failed.
    if (job.state === 'running' && !uploads.has(id)) {
      Object.assign(job, {
        state: 'failed',
        errors: withImportError(job.errors, { entry: 'file', message: IMPORT_FAILURES.gone }),
      });
      saveDb();
    }
    const { ownerId: _owner, ...answer } = job;
    // Why entries were skipped, kept in English, read in the caller's language (as the server).
    const say = await sayForRequest(request);
    const errors = answer.errors.map((e) => ({ ...e, message: sayAgain(e.message, say) }));
    return HttpResponse.json<ImportJob>({ ...answer, errors });
  }),
];
