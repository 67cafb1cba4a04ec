import type { Kysely } from 'kysely';
import type { Account } from '../../../src/api/account-schemas';
import { isCommonPassword } from '../../../src/api/common-passwords';
import { settle } from '../../../src/api/problem';
import {
  decideAccountDeletion,
  decidePasswordChange,
  ownAccount,
} from '../../../src/domain/account-decisions';
import { signAccessToken } from '../../credentials/access-token';
import { revokeAccountTokens } from '../../credentials/account-tokens';
import { hashPassword, verifyPassword } from '../../credentials/password';
import type { Database } from '../../db/schema';
import { eraseAccount } from './account-erasure';
import { bumpTokenVersion, findAccount, type AccountDetails } from './account-queries';

/**
 * /api/account (api-contract.md "My account"): loads the facts, asks the shared rules
 * (src/domain/account-decisions.ts) and stores what they decided.
 */

/** The caller's account; a token can only get here for an active one (request-auth.ts). */
async function requireAccount(db: Kysely<Database>, userId: number): Promise<AccountDetails> {
  return settle(ownAccount(await findAccount(db, userId)));
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

/** Wrong current password: `onWrongPassword` runs first (the route counts it against guessing). */
export interface PasswordCheck {
  onWrongPassword(): Promise<void>;
}

/** Whether `password` is the account's, counted against guessing when it is not. */
async function passwordMatches(
  found: AccountDetails,
  password: string,
  check: PasswordCheck,
): Promise<boolean> {
  const matches = await verifyPassword(found.password_hash, password);
  if (!matches) await check.onWrongPassword();
  return matches;
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
  settle(
    decidePasswordChange({
      currentPasswordMatches: await passwordMatches(found, input.currentPassword, check),
      newPasswordIsCommon: isCommonPassword(input.newPassword),
    }),
  );
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
  settle(decideAccountDeletion({ passwordMatches: await passwordMatches(found, password, check) }));
  await db.transaction().execute((trx) => eraseAccount(trx, userId));
}
