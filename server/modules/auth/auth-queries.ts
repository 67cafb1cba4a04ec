import type { Kysely, Transaction } from 'kysely';
import type { UserRef } from '../../../src/api/common';
import type { Language } from '../../../src/api/languages';
import type { RowOf } from '../../db/row-of';
import type { Database } from '../../db/schema';
import { foldForSearch } from '../../../src/domain/people-search';
import { USER_REF_COLUMNS } from '../people/person-columns';

/** SQL of the accounts. Usernames and emails are unique and looked up ignoring case. */

/** What signing in and the account's emails need of a user. */
function selectAccounts(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'email',
      'password_hash',
      'is_active',
      'token_version',
      'seen_language',
    ]);
}

export type AccountRow = RowOf<ReturnType<typeof selectAccounts>>;

export function findAccountByUsername(
  db: Kysely<Database>,
  username: string,
): Promise<AccountRow | undefined> {
  return selectAccounts(db).where('username_lower', '=', username.toLowerCase()).executeTakeFirst();
}

export function findAccountByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<AccountRow | undefined> {
  return selectAccounts(db).where('email_lower', '=', email.toLowerCase()).executeTakeFirst();
}

/**
 * A new, not yet activated account. `displayName` comes NFC-normalised by its schema; without one
 * it is the username (contract: "Names people recognise"). Its fold is written beside it, as people
 * search compares names (src/domain/people-search.ts). `language`: that of the sign-up's
 * Accept-Language, which their emails speak until they choose one (recipient-language.ts).
 */
export async function insertAccount(
  db: Kysely<Database> | Transaction<Database>,
  account: {
    username: string;
    displayName: string | undefined;
    email: string;
    passwordHash: string;
    now: string;
    language: Language;
  },
): Promise<number> {
  const displayName = account.displayName ?? account.username;
  const row = await db
    .insertInto('users')
    .values({
      username: account.username,
      username_lower: account.username.toLowerCase(),
      display_name: displayName,
      display_name_fold: foldForSearch(displayName),
      email: account.email,
      email_lower: account.email.toLowerCase(),
      password_hash: account.passwordHash,
      is_active: 0,
      token_version: 0,
      create_tms: account.now,
      seen_language: account.language,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An active person as the API shows one (GET /api/auth/me): id and both names. */
export async function findActivePerson(
  db: Kysely<Database>,
  userId: number,
): Promise<UserRef | undefined> {
  return db
    .selectFrom('users')
    .select(USER_REF_COLUMNS)
    .where('id', '=', userId)
    .where('is_active', '=', 1)
    .executeTakeFirst();
}

export async function activateAccount(
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
): Promise<void> {
  await db.updateTable('users').set({ is_active: 1 }).where('id', '=', userId).execute();
}

/**
 * The language of a sign-in's Accept-Language, kept as the one they were last seen in (their
 * emails and pushes speak it while they have chosen none). Written only when it changed.
 */
export async function recordSeenLanguage(
  db: Kysely<Database> | Transaction<Database>,
  account: { id: number; seen_language: Language | null },
  language: Language,
): Promise<void> {
  if (account.seen_language === language) return;
  await db
    .updateTable('users')
    .set({ seen_language: language })
    .where('id', '=', account.id)
    .execute();
}

/**
 * New password; bumping token_version revokes every access token issued before. Also activates:
 * the reset link proved the address, as the activation link would have.
 */
export async function replacePassword(
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
  passwordHash: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      is_active: 1,
      token_version: eb('token_version', '+', 1),
    }))
    .where('id', '=', userId)
    .execute();
}

export async function isAccountActive(
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('is_active')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.is_active === 1;
}
