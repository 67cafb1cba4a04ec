import type { Kysely } from 'kysely';
import type { ImportError } from '../../../src/api/import-schemas';
import type { Database } from '../../db/schema';

/**
 * SQL of imports (migration 0026). A job is worked by the instance that claimed it: every write of
 * the work is fenced by `claimed_by` (and `state = 'running'`), so an instance whose lease lapsed
 * and was taken over writes nothing more, and the entry it was on is done once, by the new holder.
 */

export interface ImportRow {
  id: number;
  owner_id: number;
  state: 'running' | 'done' | 'failed';
  file_key: string | null;
  cursor: number;
  imported: number;
  skipped: number;
  errors: ImportError[];
}

function rowOf(row: Omit<ImportRow, 'errors'> & { errors: string }): ImportRow {
  return { ...row, errors: JSON.parse(row.errors) as ImportError[] };
}

const COLUMNS = [
  'id',
  'owner_id',
  'state',
  'file_key',
  'cursor',
  'imported',
  'skipped',
  'errors',
] as const;

/** How many of the person's imports are running (0 or 1 but for a race), by imports_owner. */
export async function countRunningImports(db: Kysely<Database>, ownerId: number): Promise<number> {
  const rows = await db
    .selectFrom('imports')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('state', '=', 'running')
    .execute();
  return rows.length;
}

export async function insertImport(
  db: Kysely<Database>,
  ownerId: number,
  fileKey: string,
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('imports')
    .values({ owner_id: ownerId, state: 'running', file_key: fileKey, create_tms: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findImport(db: Kysely<Database>, id: number): Promise<ImportRow | undefined> {
  const row = await db
    .selectFrom('imports')
    .select(COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && rowOf(row);
}

/**
 * Claims the oldest running job nobody holds (or whose holder's lease lapsed: it died, or stopped
 * without giving it back) for `holder` until `until`. The update asks again that it is free, so of
 * two instances claiming at once one gets it (PostgreSQL re-reads a row it waited for); the other
 * finds nothing this time.
 */
export async function claimImport(
  db: Kysely<Database>,
  holder: string,
  now: number,
  until: number,
): Promise<ImportRow | undefined> {
  const candidate = await db
    .selectFrom('imports')
    .select('id')
    .where('state', '=', 'running')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (candidate === undefined) return undefined;
  const claimed = await db
    .updateTable('imports')
    .set({ claimed_by: holder, claimed_until: until })
    .where('id', '=', candidate.id)
    .where('state', '=', 'running')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .returning(COLUMNS)
    .executeTakeFirst();
  return claimed && rowOf(claimed);
}

/** What one entry changed of its job: written with the entry's note, or alone when it was skipped. */
export interface ImportProgress {
  cursor: number;
  imported: number;
  skipped: number;
  errors: readonly ImportError[];
  until: number;
}

/** Moves the job on, if `holder` still holds it; answers whether it did. */
export async function advanceImport(
  db: Kysely<Database>,
  id: number,
  holder: string,
  progress: ImportProgress,
): Promise<boolean> {
  const result = await db
    .updateTable('imports')
    .set({
      cursor: progress.cursor,
      imported: progress.imported,
      skipped: progress.skipped,
      errors: JSON.stringify(progress.errors),
      claimed_until: progress.until,
    })
    .where('id', '=', id)
    .where('claimed_by', '=', holder)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Keeps the lease of a job `holder` works; answers whether it still held it. */
export async function renewImportClaim(
  db: Kysely<Database>,
  id: number,
  holder: string,
  until: number,
): Promise<boolean> {
  const result = await db
    .updateTable('imports')
    .set({ claimed_until: until })
    .where('id', '=', id)
    .where('claimed_by', '=', holder)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Gives the job back (this instance stops): another may take it at once. */
export async function releaseImport(
  db: Kysely<Database>,
  id: number,
  holder: string,
): Promise<void> {
  await db
    .updateTable('imports')
    .set({ claimed_by: null, claimed_until: null })
    .where('id', '=', id)
    .where('claimed_by', '=', holder)
    .execute();
}

/** Ends the job (done or failed); the file's key goes, since the caller deletes the file. */
export async function endImport(
  db: Kysely<Database>,
  id: number,
  holder: string,
  state: 'done' | 'failed',
  errors: readonly ImportError[],
): Promise<boolean> {
  const result = await db
    .updateTable('imports')
    .set({
      state,
      errors: JSON.stringify(errors),
      file_key: null,
      claimed_by: null,
      claimed_until: null,
    })
    .where('id', '=', id)
    .where('claimed_by', '=', holder)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Whether the account already holds this entry: imported before (by its key), or, for a note of
 * this app's export, the very note it was exported from (its id, its author, its creation time).
 */
export async function isKnownEntry(
  db: Kysely<Database>,
  ownerId: number,
  key: string,
  note?: { id: number; created: string },
): Promise<boolean> {
  const imported = await db
    .selectFrom('import_entries')
    .select('import_id')
    .where('owner_id', '=', ownerId)
    .where('entry_key', '=', key)
    .executeTakeFirst();
  if (imported !== undefined) return true;
  if (note === undefined) return false;
  const own = await db
    .selectFrom('ruminations')
    .select('id')
    .where('id', '=', note.id)
    .where('author_id', '=', ownerId)
    .where('create_tms', '=', note.created)
    .executeTakeFirst();
  return own !== undefined;
}

export async function insertImportEntry(
  db: Kysely<Database>,
  row: { owner_id: number; entry_key: string; import_id: number; rumination_id: number },
): Promise<void> {
  await db.insertInto('import_entries').values(row).execute();
}
