import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Account, updateProfileRequest } from '../../../src/api/account-schemas';
import { isCommonPassword } from '../../../src/api/common-passwords';
import { settle } from '../../../src/api/problem';
import {
  decideAccountDeletion,
  decidePasswordChange,
  ownAccount,
} from '../../../src/domain/account-decisions';
import { recordErasure } from '../../backup/erasure-log';
import { signAccessToken } from '../../credentials/access-token';
import { asWriter } from '../../credentials/writer-lock';
import { revokeAccountTokens } from '../../credentials/account-tokens';
import { hashPassword, verifyPassword } from '../../credentials/password';
import { emptyWalAfterErasure } from '../../db/database';
import type { Database } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { eraseAccount } from './account-erasure';
import {
  bumpTokenVersion,
  findAccount,
  updateProfile as storeProfile,
  type AccountDetails,
} from './account-queries';

/**
 * /api/account (api-contract.md "My account"): loads the facts, asks the shared rules
 * (src/domain/account-decisions.ts) and stores what they decided.
 */

/** The caller's account; a token can only get here for an active one (request-auth.ts). */
async function requireAccount(db: Kysely<Database>, userId: number): Promise<AccountDetails> {
  return settle(ownAccount(await findAccount(db, userId)));
}

/** An account row as GET /api/account (and the export, and PUT /api/account/profile) gives it. */
export function toAccount(row: AccountDetails): Account {
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    email: row.email,
    createTMS: row.create_tms,
  };
}

export async function getAccount(db: Kysely<Database>, userId: number): Promise<Account> {
  return toAccount(await requireAccount(db, userId));
}

/**
 * PUT /api/account/profile: the name others see them as and their bio; answers the account. A write
 * of theirs like any other (writer-lock.ts): it cannot outlive the account's erasure.
 */
export async function updateProfile(
  db: Kysely<Database>,
  userId: number,
  profile: z.output<typeof updateProfileRequest>,
): Promise<Account> {
  return asWriter(db, userId, async (trx) => {
    await storeProfile(trx, userId, profile);
    return toAccount(await requireAccount(trx, userId));
  });
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

/** What deleting an account needs besides the database. */
export interface ErasureDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** erasures.jsonl (server/backup/erasure-log.ts): a restore re-applies what it records. */
  erasureLog: string;
}

/** Erases the account for good (account-erasure.ts), after the password proves it is them. */
export async function deleteAccount(
  deps: ErasureDeps,
  userId: number,
  password: string,
  check: PasswordCheck,
): Promise<void> {
  const found = await requireAccount(deps.db, userId);
  settle(decideAccountDeletion({ passwordMatches: await passwordMatches(found, password, check) }));
  await deps.db.transaction().execute((trx) => eraseAccount(trx, userId));
  // After the commit (an erasure rolled back must not be re-applied), before the answer.
  recordErasure(deps.erasureLog, userId, deps.log);
  await eraseFromFiles(deps, found.email);
}

/**
 * Erased from the files too (api-contract.md "My account"): the local outbox's messages to them,
 * and on SQLite the WAL's copies of the pages as they were (database.ts). Done before the answer;
 * a failure is logged, not answered, as the account is gone either way.
 */
async function eraseFromFiles(deps: ErasureDeps, email: string): Promise<void> {
  try {
    await deps.mailer.forgetMessagesTo(email);
  } catch (error) {
    deps.log.error({ err: error }, 'Removing an erased account’s messages from the outbox failed');
  }
  await emptyWalAfterErasure(deps.db, deps.log);
}
