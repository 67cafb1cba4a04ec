import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ImportJob, ImportStarted } from '../../../src/api/import-schemas';
import { ApiProblem, settle } from '../../../src/api/problem';
import {
  decideImportRead,
  decideImportStart,
  decideJournalFile,
  IMPORT_PROBLEMS,
  type JournalFormat,
} from '../../../src/domain/journal-import';
import type { Database } from '../../db/schema';
import type { MediaStorage } from '../media/media-storage';
import { countRunningImports, findImport, insertImport } from './import-queries';
import { BadZip, ZipBomb, ZipFile, type ZipEntry } from './zip-file';

/** Where uploaded imports wait in the media storage: a folder of their own, apart from photos. */
const IMPORT_KEY_FOLDER = 'imports';
/** Bytes of a Day One journal looked at before the job starts: enough for its metadata. */
const JOURNAL_PEEK_BYTES = 64 * 1024;

export interface ImportStartContext {
  db: Kysely<Database>;
  storage: MediaStorage;
}

/** The first bytes of an entry, inflated (a bomb shows itself as soon as it outgrows its header). */
async function peek(zip: ZipFile, entry: ZipEntry): Promise<string> {
  const chunks: Buffer[] = [];
  let length = 0;
  const stream = await zip.stream(entry, entry.bytes);
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= JOURNAL_PEEK_BYTES) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * What the zip's central directory tells before the job starts: refused whole (a path outside the
 * export, a bomb, neither export: 400), or its format. A Day One journal must start as one (a JSON
 * object naming `entries`); the rest of it is read by the job.
 */
async function recognise(file: string): Promise<JournalFormat> {
  let zip: ZipFile;
  try {
    zip = await ZipFile.open(file);
  } catch (error) {
    if (error instanceof BadZip) throw ApiProblem.of(IMPORT_PROBLEMS.notJournal);
    throw error;
  }
  try {
    const format = settle(decideJournalFile(zip.entries));
    if (format.kind === 'dayone') {
      const first = zip.entries.find((e) => e.name === format.journals[0]);
      const head = first === undefined ? '' : await peek(zip, first);
      if (!head.trimStart().startsWith('{') || !head.includes('"entries"')) {
        throw ApiProblem.of(IMPORT_PROBLEMS.notJournal);
      }
    }
    return format;
  } catch (error) {
    if (error instanceof ZipBomb) throw ApiProblem.of(IMPORT_PROBLEMS.bomb);
    if (error instanceof BadZip) throw ApiProblem.of(IMPORT_PROBLEMS.notJournal);
    throw error;
  } finally {
    await zip.close();
  }
}

/** POST /api/account/import before its body is read: one running import per person (409). */
export async function requireNoRunningImport(db: Kysely<Database>, userId: number): Promise<void> {
  settle(decideImportStart(await countRunningImports(db, userId)));
}

/**
 * POST /api/account/import once the upload is in `file` (a temporary file the route deletes):
 * recognised (400 when refused whole), copied to the media storage under a key of its own, where
 * any instance can read it, and the job written, for the workers (import-worker.ts).
 */
export async function startImport(
  context: ImportStartContext,
  userId: number,
  file: string,
  now: Date = new Date(),
): Promise<ImportStarted> {
  await recognise(file);
  const key = `${IMPORT_KEY_FOLDER}/${randomBytes(16).toString('hex')}.zip`;
  await context.storage.putFile(key, file, 'application/zip');
  try {
    return { id: await insertImport(context.db, userId, key, now.toISOString()) };
  } catch (error) {
    await context.storage.delete([key]).catch(() => undefined);
    throw error;
  }
}

/** GET /api/account/import/{id}: the caller's own job (anyone else's is 404). */
export async function readImport(
  db: Kysely<Database>,
  userId: number,
  id: number,
): Promise<ImportJob> {
  const row = await findImport(db, id);
  const job = settle(decideImportRead(row && { ...row, ownerId: row.owner_id }, userId));
  return {
    id: job.id,
    state: job.state,
    imported: job.imported,
    skipped: job.skipped,
    errors: job.errors,
  };
}
