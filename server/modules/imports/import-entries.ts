import type { ImportError } from '../../../src/api/import-schemas';
import {
  dayOneEntriesOf,
  ENTRY_PROBLEMS,
  readDayOneEntry,
  readMarkdownNote,
  type EntryReading,
} from '../../../src/domain/journal-import-entries';
import {
  IMPORT_FAILURES,
  IMPORT_JOURNAL_MAX_BYTES,
  IMPORT_NOTE_FILE_MAX_BYTES,
  type JournalFormat,
} from '../../../src/domain/journal-import';
import { ZipBomb, type ZipEntry, type ZipFile } from './zip-file';

/** The job stops whole with this line in its errors (a failed job). */
export class ImportFailure extends Error {
  constructor(readonly error: ImportError) {
    super(error.message);
    this.name = 'ImportFailure';
  }
}

/** A zip entry inflated whole, at most `limit` bytes; inflating past what it declares fails the job. */
export async function readWhole(zip: ZipFile, entry: ZipEntry, limit: number): Promise<Buffer> {
  try {
    return await zip.read(entry, limit);
  } catch (error) {
    if (error instanceof ZipBomb) {
      throw new ImportFailure({
        entry: entry.name,
        message: IMPORT_FAILURES.inflatesTooMuch(entry.name),
      });
    }
    throw error;
  }
}

/**
 * The file's entries in order, each with its index (the job's cursor), from `from` on: Day One's
 * journals one after the other (each parsed whole, at most IMPORT_JOURNAL_MAX_BYTES, the only thing
 * held: photos are read one at a time when their entry is stored), or the Markdown export's notes'
 * files, each read when its turn comes.
 */
export async function* journalEntries(
  zip: ZipFile,
  format: JournalFormat,
  from: number,
  now: Date,
): AsyncGenerator<{ index: number; reading: EntryReading }> {
  const byName = new Map(zip.entries.map((e) => [e.name, e]));
  let index = 0;
  if (format.kind === 'dayone') {
    for (const name of format.journals) {
      const entry = byName.get(name);
      if (entry === undefined) continue;
      let entries: unknown[] | undefined;
      try {
        const text = (await readWhole(zip, entry, IMPORT_JOURNAL_MAX_BYTES)).toString('utf8');
        entries = dayOneEntriesOf(JSON.parse(text));
      } catch (error) {
        if (error instanceof ImportFailure) throw error;
        entries = undefined;
      }
      if (entries === undefined) {
        throw new ImportFailure({ entry: name, message: IMPORT_FAILURES.notJournal });
      }
      for (let i = 0; i < entries.length; i++, index++) {
        if (index < from) continue;
        yield { index, reading: readDayOneEntry(entries[i], i, now) };
      }
    }
    return;
  }
  for (const name of format.notes) {
    const at = index++;
    if (at < from) continue;
    const entry = byName.get(name);
    if (entry === undefined) continue;
    if (entry.bytes > IMPORT_NOTE_FILE_MAX_BYTES) {
      yield {
        index: at,
        reading: { ok: false, error: { entry: name, message: ENTRY_PROBLEMS.tooBig } },
      };
      continue;
    }
    const text = (await readWhole(zip, entry, IMPORT_NOTE_FILE_MAX_BYTES)).toString('utf8');
    yield { index: at, reading: readMarkdownNote(name, text, now) };
  }
}
