import type { Kysely, Transaction } from 'kysely';
import type { RowOf } from '../../db/row-of';
import type { Database } from '../../db/schema';

/** SQL of the accounts. Usernames and emails are unique and looked up ignoring case. */

/** What signing in and the account's emails need of a user. */
function selectAccounts(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'password_hash', 'is_active', 'token_version']);
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

export async function insertAccount(
  db: Kysely<Database> | Transaction<Database>,
  account: { username: string; email: string; passwordHash: string; now: string },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      username: account.username,
      username_lower: account.username.toLowerCase(),
      email: account.email,
      email_lower: account.email.toLowerCase(),
      password_hash: account.passwordHash,
      is_active: 0,
      token_version: 0,
      create_tms: account.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function activateAccount(
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
): Promise<void> {
  await db.updateTable('users').set({ is_active: 1 }).where('id', '=', userId).execute();
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
