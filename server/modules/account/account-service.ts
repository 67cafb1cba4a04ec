import type { Kysely } from 'kysely';
import {
  CURRENT_PASSWORD_WRONG,
  DELETE_PASSWORD_WRONG,
  type Account,
} from '../../../src/api/account-schemas';
import { signAccessToken } from '../../auth/access-token';
import { revokeAccountTokens } from '../../auth/account-tokens';
import { hashPassword, verifyPassword } from '../../auth/password';
import type { Database } from '../../db/schema';
import { ApiProblem } from '../../../src/api/problem';
import { requireUncommonPassword } from '../auth/password-policy';
import { eraseAccount } from './account-erasure';
import { bumpTokenVersion, findAccount, type AccountDetails } from './account-queries';

/** The rules of /api/account (api-contract.md "My account"): the caller's own account only. */

/** The caller's account; a token can only get here for an active one (request-auth.ts). */
async function requireAccount(db: Kysely<Database>, userId: number): Promise<AccountDetails> {
  const found = await findAccount(db, userId);
  if (found === undefined) throw new ApiProblem(401, 'Authentication required');
  return found;
}

export async function getAccount(db: Kysely<Database>, userId: number): Promise<Account> {
  const found = await requireAccount(db, userId);
  return {
    id: found.id,
    username: found.username,
    email: found.email,
    createTMS: found.create_tms,
  };
}

/** A wrong password is a 400 on the form's field, so the form shows it where it was typed. */
async function requirePassword(
  found: AccountDetails,
  password: string,
  field: string,
  message: string,
): Promise<void> {
  if (!(await verifyPassword(found.password_hash, password))) {
    throw new ApiProblem(400, message, undefined, { [field]: [message] });
  }
}

/** Wrong current password: `onWrongPassword` runs first (the route counts it against guessing). */
export interface PasswordCheck {
  onWrongPassword(): Promise<void>;
}

async function checkPassword(
  found: AccountDetails,
  password: string,
  field: string,
  message: string,
  check: PasswordCheck,
): Promise<void> {
  try {
    await requirePassword(found, password, field, message);
  } catch (error) {
    await check.onWrongPassword();
    throw error;
  }
}

/**
 * New password; every token issued before is revoked (other sessions end), pending reset links
 * are spent, and the caller gets a fresh token so this session goes on.
 */
export async function changePassword(
  db: Kysely<Database>,
  jwtSecret: Uint8Array,
  userId: number,
  input: { currentPassword: string; newPassword: string },
  check: PasswordCheck,
): Promise<{ accessToken: string }> {
  const found = await requireAccount(db, userId);
  await checkPassword(
    found,
    input.currentPassword,
    'currentPassword',
    CURRENT_PASSWORD_WRONG,
    check,
  );
  requireUncommonPassword(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  const tokenVersion = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', userId)
      .execute();
    await revokeAccountTokens(trx, userId, 'reset');
    return bumpTokenVersion(trx, userId);
  });
  return { accessToken: await signAccessToken(jwtSecret, { userId, tokenVersion }) };
}

/** Every token of the caller stops working, the one that asked included. */
export async function signOutEverywhere(db: Kysely<Database>, userId: number): Promise<void> {
  await bumpTokenVersion(db, userId);
}

/** Erases the account for good (account-erasure.ts), after the password proves it is them. */
export async function deleteAccount(
  db: Kysely<Database>,
  userId: number,
  password: string,
  check: PasswordCheck,
): Promise<void> {
  const found = await requireAccount(db, userId);
  await checkPassword(found, password, 'password', DELETE_PASSWORD_WRONG, check);
  await db.transaction().execute((trx) => eraseAccount(trx, userId));
}
