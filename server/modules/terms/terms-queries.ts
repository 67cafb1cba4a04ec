import { rowLimit } from '../../db/row-limit';
import type { Kysely } from 'kysely';
import type { RowOf } from '../../db/row-of';
import type { Database } from '../../db/schema';
import { termsStanding, type TermsStanding } from '../../../src/domain/terms-decisions';

/** SQL of the Terms of Service: versions and the history of acceptances. */

function selectTermsVersions(db: Kysely<Database>) {
  return db.selectFrom('terms_versions').select(['version', 'content', 'created_at as createdAt']);
}

export type TermsVersionRow = RowOf<ReturnType<typeof selectTermsVersions>>;

/** The current terms: the newest published version (highest id; versions are only ever added). */
export async function findCurrentTerms(db: Kysely<Database>): Promise<TermsVersionRow | undefined> {
  return selectTermsVersions(db).orderBy('id', 'desc').limit(rowLimit(1)).executeTakeFirst();
}

export async function findCurrentVersion(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db
    .selectFrom('terms_versions')
    .select('version')
    .orderBy('id', 'desc')
    .limit(rowLimit(1))
    .executeTakeFirst();
  return row?.version;
}

export async function termsVersionExists(db: Kysely<Database>, version: string): Promise<boolean> {
  const row = await db
    .selectFrom('terms_versions')
    .select('id')
    .where('version', '=', version)
    .executeTakeFirst();
  return row !== undefined;
}

export async function hasAcceptedVersion(
  db: Kysely<Database>,
  userId: number,
  version: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('terms_acceptances')
    .select('id')
    .where('user_id', '=', userId)
    .where('version', '=', version)
    .limit(rowLimit(1))
    .executeTakeFirst();
  return row !== undefined;
}

/** When the user accepted that version (the first time), or undefined. */
export async function findAcceptance(
  db: Kysely<Database>,
  userId: number,
  version: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('terms_acceptances')
    .select('accepted_at')
    .where('user_id', '=', userId)
    .where('version', '=', version)
    .orderBy('id', 'asc')
    .limit(rowLimit(1))
    .executeTakeFirst();
  return row?.accepted_at;
}

/**
 * Records that the user accepted the version, unless they already had: (user_id, version) is
 * unique (migration 0022), and an acceptance recorded first (a concurrent one) is kept as it was.
 */
export async function recordAcceptance(
  db: Kysely<Database>,
  userId: number,
  version: string,
  acceptedAt: string,
): Promise<void> {
  await db
    .insertInto('terms_acceptances')
    .values({ user_id: userId, version, accepted_at: acceptedAt })
    .onConflict((oc) => oc.columns(['user_id', 'version']).doNothing())
    .execute();
}

/** Adds a version; it becomes current. False when the version already exists. */
export async function insertTermsVersion(
  db: Kysely<Database>,
  version: string,
  content: string,
  createdAt: string,
): Promise<boolean> {
  if (await termsVersionExists(db, version)) return false;
  await db
    .insertInto('terms_versions')
    .values({ version, content, created_at: createdAt })
    .execute();
  return true;
}

/** Where the user stands with the current terms (src/domain/terms-decisions.ts). */
export async function termsStatusFor(db: Kysely<Database>, userId: number): Promise<TermsStanding> {
  const current = await findCurrentVersion(db);
  const accepted = current !== undefined && (await hasAcceptedVersion(db, userId, current));
  return termsStanding(current ?? null, accepted);
}
