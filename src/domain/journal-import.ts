import { IMPORT_MAX_MB } from '../api/import-schemas';
import { allow, refuse, withDetail, type Decision, type Refusal } from './decision';

/**
 * "Bring your journal: import" (api-contract.md): which file is a journal export, which zip is
 * refused whole before a byte of it is inflated, and who may read a job. The entries themselves
 * are journal-import-entries.ts. Shared by the server and the mock backend.
 */

export const IMPORT_PROBLEMS = {
  notJournal: { status: 400, title: 'This file is not a journal export' },
  noFile: { status: 400, title: 'Choose a journal export (a .zip file) to import' },
  tooLarge: { status: 413, title: `The file is larger than ${IMPORT_MAX_MB} MB` },
  unsafePath: { status: 400, title: 'This file holds a path outside the export: it was refused' },
  bomb: {
    status: 400,
    title: 'This file expands to far more than a journal export: it was refused',
  },
  journalTooLarge: { status: 400, title: 'This journal is too large to import at once' },
  notFound: { status: 404, title: 'Import not found' },
  alreadyRunning: {
    status: 409,
    title: 'An import of yours is still running: wait until it ends to import another file',
  },
} as const satisfies Record<string, Refusal>;

/**
 * The largest journal JSON (Day One's Journal.json) inflated and parsed whole: 32 MB is 10,000
 * entries of 3 KB each, and parses into about 100 MB of the server's memory at worst.
 */
export const IMPORT_JOURNAL_MAX_BYTES = 32 * 1024 * 1024;
/** A note's file of the Markdown export: 5,000 characters of 4 bytes, front matter and links. */
export const IMPORT_NOTE_FILE_MAX_BYTES = 64 * 1024;
/** No zip of a journal declares more than this inflated, all entries together. */
export const IMPORT_INFLATED_MAX_BYTES = 4 * 1024 * 1024 * 1024;
/** An entry declaring more than this ratio of inflated to compressed bytes (and over 1 MB) is a bomb. */
export const IMPORT_MAX_RATIO = 200;
const RATIO_FLOOR_BYTES = 1024 * 1024;
/** Entries a zip may list (a 10,000-note export with photos and history holds some 30,000). */
export const IMPORT_MAX_ZIP_ENTRIES = 200_000;
/** Skipped entries listed in a job's `errors` (all of them are counted in `skipped`). */
export const IMPORT_ERRORS_LISTED_MAX = 1000;

/** An entry of a zip as its central directory declares it. */
export interface ZipEntryFacts {
  name: string;
  compressedBytes: number;
  bytes: number;
}

export type JournalFormat =
  /** Day One's JSON export: its journals' JSON files, in the order they are read. */
  | { kind: 'dayone'; journals: string[] }
  /** This app's Markdown export: its notes' files, in the order of their names (their ids). */
  | { kind: 'markdown'; notes: string[] };

/**
 * A name that would reach outside a folder it is extracted to, or that no export writes: an
 * absolute path, a drive, a `..` segment, a backslash (Windows' separator), a NUL.
 */
export function unsafeEntryName(name: string): boolean {
  if (name.startsWith('/') || name.includes('\\') || name.includes('\u0000')) return true;
  if (/^[A-Za-z]:/.test(name)) return true;
  return name.split('/').some((segment) => segment === '..');
}

/** `0001234-first-words.md` at the zip's root: a note of the Markdown export (markdown-export.ts). */
const NOTE_FILE = /^\d{7}(?:-[\p{L}\p{N}-]+)?\.md$/u;

function isDayOneJournal(name: string): boolean {
  // macOS' zip tool adds __MACOSX/._Journal.json beside each file: not a journal.
  return (
    name.toLowerCase().endsWith('.json') &&
    !name.startsWith('__MACOSX/') &&
    !name.split('/').pop()?.startsWith('._')
  );
}

/**
 * The whole file's decision, from its central directory alone (nothing inflated yet): a path
 * outside the export or a bomb refuses it whole; then which export it is, or 400 "This file is not a
 * journal export". Day One's journals come first by name, Journal.json before the others.
 */
export function decideJournalFile(entries: readonly ZipEntryFacts[]): Decision<JournalFormat> {
  if (entries.length > IMPORT_MAX_ZIP_ENTRIES) return refuse(IMPORT_PROBLEMS.bomb);
  const unsafe = entries.find((e) => unsafeEntryName(e.name));
  if (unsafe !== undefined) return refuse(withDetail(IMPORT_PROBLEMS.unsafePath, unsafe.name));
  let total = 0;
  for (const entry of entries) {
    total += entry.bytes;
    if (entry.bytes > RATIO_FLOOR_BYTES && entry.bytes > entry.compressedBytes * IMPORT_MAX_RATIO) {
      return refuse(withDetail(IMPORT_PROBLEMS.bomb, entry.name));
    }
  }
  if (total > IMPORT_INFLATED_MAX_BYTES) return refuse(IMPORT_PROBLEMS.bomb);

  const journals = entries.filter((e) => isDayOneJournal(e.name));
  if (journals.length > 0) {
    const big = journals.find((e) => e.bytes > IMPORT_JOURNAL_MAX_BYTES);
    if (big !== undefined) return refuse(withDetail(IMPORT_PROBLEMS.journalTooLarge, big.name));
    const names = journals.map((e) => e.name).sort(journalOrder);
    return allow({ kind: 'dayone', journals: names });
  }
  const notes = entries.filter((e) => NOTE_FILE.test(e.name)).map((e) => e.name);
  if (notes.length > 0) return allow({ kind: 'markdown', notes: notes.sort() });
  return refuse(IMPORT_PROBLEMS.notJournal);
}

function journalOrder(a: string, b: string): number {
  const first = (name: string) => (name.toLowerCase().endsWith('journal.json') ? 0 : 1);
  return first(a) - first(b) || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * One import at a time per person, refused before a byte of the upload is read: each holds up to
 * 200 MB of storage until it ends, so a person (or a stolen token) cannot pile them up.
 */
export function decideImportStart(runningImports: number): Decision<void> {
  return runningImports > 0 ? refuse(IMPORT_PROBLEMS.alreadyRunning) : allow(undefined);
}

/** A job is read by its owner only; anyone else's is 404, as a missing one. */
export function decideImportRead<Job extends { ownerId: number }>(
  job: Job | undefined,
  userId: number,
): Decision<Job> {
  return job === undefined || job.ownerId !== userId
    ? refuse(IMPORT_PROBLEMS.notFound)
    : allow(job);
}

/** Why a job stopped whole, as its last `errors` line says it (`entry`: the part of the file). */
export const IMPORT_FAILURES = {
  inflatesTooMuch: (name: string) =>
    `${name} expands to more than the zip says it holds: the file was refused (a zip bomb?)`,
  notJournal: IMPORT_PROBLEMS.notJournal.title,
  unreadableZip: 'This zip file cannot be read',
  gone: 'The uploaded file is no longer there',
} as const;

/** The `errors` of a job once one more entry was skipped: listed up to IMPORT_ERRORS_LISTED_MAX. */
export function withImportError<E>(errors: readonly E[], error: E): E[] {
  return errors.length >= IMPORT_ERRORS_LISTED_MAX ? [...errors] : [...errors, error];
}
