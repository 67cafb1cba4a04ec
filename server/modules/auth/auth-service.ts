import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { ALREADY_ACTIVATED_TITLE, type LoginResponse } from '../../../src/api/auth-schemas';
import { signAccessToken } from '../../auth/access-token';
import {
  consumeAccountToken,
  findTokenOwner,
  issueAccountToken,
  lastTokenIssuedAt,
  revokeAccountTokens,
} from '../../auth/account-tokens';
import { hashPassword, verifyDummyPassword, verifyPassword } from '../../auth/password';
import type { RateLimitRule } from '../../config';
import type { Database } from '../../db/schema';
import type { RateCounters } from '../../http/rate-counters';
import { isUniqueViolation } from '../../db/constraint-violations';
import { ApiProblem } from '../../../src/api/problem';
import type { Mailer, MailMessage } from '../../mail/mailer';
import { recordAcceptance, termsStatusFor, termsVersionExists } from '../terms/terms-queries';
import { activationEmail, emailInUseEmail, passwordResetEmail } from './account-emails';
import { requireUncommonPassword } from './password-policy';
import {
  activateAccount,
  isAccountActive,
  findAccountByEmail,
  findAccountByUsername,
  insertAccount,
  replacePassword,
  type AccountRow,
} from './auth-queries';

/** The rules of accounts (api-contract.md "Accounts"). */

export interface AuthDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  appUrl: string;
  jwtSecret: Uint8Array;
  log: FastifyBaseLogger;
  rateCounters: RateCounters;
  /** How many reset emails one account may be sent (the answer is 200 either way). */
  resetEmails: { enabled: boolean; rule: RateLimitRule };
}

export const SIGNUP_MESSAGE =
  'Account created. Please check your email for a link to activate your account.';
export const ACTIVATED_MESSAGE = 'Your account is activated. You can now sign in.';
export const FORGOT_MESSAGE =
  'If an account exists for that email address, a link to reset the password has been sent to it.';
export const RESET_MESSAGE = 'Your password has been reset. You can now sign in.';

export const USERNAME_TAKEN = 'Username is already taken';
export const INVALID_CREDENTIALS = 'Invalid username or password';
export const NOT_ACTIVATED = 'Account is not activated';
export const INVALID_ACTIVATION = 'Invalid or expired activation link';
export const NO_ACTIVATION_TOKEN = 'Invalid activation link. No token provided.';
export const INVALID_RESET = 'Invalid or expired reset link';

/**
 * Mail goes out without being awaited, so that answers take as long whether or not an address has
 * an account, and a slow mail server does not hold a request. Failures are logged.
 */
function sendInBackground(deps: AuthDeps, message: MailMessage): void {
  deps.mailer.send(message).catch((error: unknown) => {
    deps.log.error({ err: error, subject: message.subject }, 'Sending an email failed');
  });
}

export async function signUp(
  deps: AuthDeps,
  input: { username: string; email: string; password: string; acceptedTosVersion?: string },
): Promise<void> {
  const { db } = deps;
  requireUncommonPassword(input.password, 'password');
  if (await findAccountByUsername(db, input.username)) throw new ApiProblem(409, USERNAME_TAKEN);
  // Hash before looking at the email, so both answers cost the same.
  const passwordHash = await hashPassword(input.password);
  const owner = await findAccountByEmail(db, input.email);
  if (owner) {
    sendInBackground(deps, emailInUseEmail(deps.appUrl, owner.username, owner.email));
    return;
  }
  const now = new Date();
  let token: string;
  try {
    token = await db.transaction().execute(async (trx) => {
      const userId = await insertAccount(trx, {
        username: input.username,
        email: input.email,
        passwordHash,
        now: now.toISOString(),
      });
      const version = input.acceptedTosVersion?.trim();
      if (version && (await termsVersionExists(trx, version))) {
        await recordAcceptance(trx, userId, version, now.toISOString());
      }
      return issueAccountToken(trx, userId, 'activate', now);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Lost a race with a sign-up of the same name or address a moment ago.
    if (await findAccountByUsername(db, input.username)) throw new ApiProblem(409, USERNAME_TAKEN);
    return;
  }
  sendInBackground(deps, activationEmail(deps.appUrl, input.username, input.email, token));
}

export async function activate(deps: AuthDeps, token: string | undefined): Promise<void> {
  if (token === undefined || token.trim() === '') throw new ApiProblem(400, NO_ACTIVATION_TOKEN);
  const activated = await deps.db.transaction().execute(async (trx) => {
    const userId = await consumeAccountToken(trx, 'activate', token.trim());
    if (userId === undefined) return false;
    await activateAccount(trx, userId);
    return true;
  });
  if (activated) return;
  // A link that did its work (used, or superseded by another) says so rather than "invalid".
  const owner = await findTokenOwner(deps.db, token.trim(), 'activate');
  if (owner !== undefined && (await isAccountActive(deps.db, owner))) {
    throw new ApiProblem(400, ALREADY_ACTIVATED_TITLE);
  }
  throw new ApiProblem(400, INVALID_ACTIVATION);
}

export async function findForLogin(
  db: Kysely<Database>,
  login: string,
): Promise<AccountRow | undefined> {
  // Usernames cannot hold '@', so an '@' means an email address.
  return login.includes('@') ? findAccountByEmail(db, login) : findAccountByUsername(db, login);
}

export async function logIn(
  deps: AuthDeps,
  input: { username: string; password: string },
): Promise<LoginResponse> {
  const account = await findForLogin(deps.db, input.username.trim());
  if (account === undefined) {
    // Same work as for a real account: the answer's timing must not tell who has one.
    await verifyDummyPassword(input.password);
    throw new ApiProblem(401, INVALID_CREDENTIALS);
  }
  if (!(await verifyPassword(account.password_hash, input.password))) {
    throw new ApiProblem(401, INVALID_CREDENTIALS);
  }
  // Told only to whoever knows the password.
  if (account.is_active !== 1) {
    const resent = await resendActivation(deps, account);
    throw new ApiProblem(
      403,
      NOT_ACTIVATED,
      resent
        ? 'We have sent a new activation link to your email address.'
        : 'Open the activation link we sent to your email address.',
    );
  }
  const accessToken = await signAccessToken(deps.jwtSecret, {
    userId: account.id,
    tokenVersion: account.token_version,
  });
  const terms = await termsStatusFor(deps.db, account.id);
  return {
    accessToken,
    requiresTosAcceptance: terms.requiresAcceptance,
    latestTosVersion: terms.currentVersion,
  };
}

/** Activation links are resent at most this often, however many sign-in attempts are made. */
const RESEND_ACTIVATION_AFTER_MS = 10 * 60 * 1000;

/**
 * A person who signs in with the right password to an account not yet activated gets a fresh link,
 * unless one went out in the last ten minutes: the way back when the first link expired or was lost.
 */
async function resendActivation(deps: AuthDeps, account: AccountRow): Promise<boolean> {
  const issuedAt = await lastTokenIssuedAt(deps.db, account.id, 'activate');
  if (issuedAt !== undefined && Date.now() - Date.parse(issuedAt) < RESEND_ACTIVATION_AFTER_MS) {
    return false;
  }
  const token = await issueAccountToken(deps.db, account.id, 'activate');
  sendInBackground(deps, activationEmail(deps.appUrl, account.username, account.email, token));
  return true;
}

const resetEmailsKey = (userId: number) => `reset-emails:user:${userId}`;

/**
 * The work behind "forgot password", run after the answer has gone out (auth-routes.ts), so that
 * the answer takes as long whether or not the address has an account. A stranger who asks again
 * and again cannot stop the owner from resetting: the answer is always 200, only the number of
 * emails is limited, and every email holds a working link.
 */
export async function sendPasswordReset(deps: AuthDeps, email: string): Promise<void> {
  const account = await findAccountByEmail(deps.db, email);
  if (account === undefined) return;
  if (deps.resetEmails.enabled) {
    const { rule } = deps.resetEmails;
    const sent = await deps.rateCounters.hit(resetEmailsKey(account.id), rule.windowMs);
    if (sent.count > rule.max) {
      deps.log.info({ userId: account.id }, 'Reset email not sent: too many asked for');
      return;
    }
  }
  const token = await issueAccountToken(deps.db, account.id, 'reset');
  sendInBackground(deps, passwordResetEmail(deps.appUrl, account.username, account.email, token));
}

/** Sets the new password; returns whose it was. */
export async function resetPassword(
  deps: AuthDeps,
  input: { token: string; newPassword: string },
): Promise<number> {
  requireUncommonPassword(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  const userId = await deps.db.transaction().execute(async (trx) => {
    const owner = await consumeAccountToken(trx, 'reset', input.token.trim());
    if (owner === undefined) return undefined;
    await replacePassword(trx, owner, passwordHash);
    await revokeAccountTokens(trx, owner, 'reset');
    return owner;
  });
  if (userId === undefined) throw new ApiProblem(400, INVALID_RESET);
  // A fresh start: the owner may ask for emails again.
  await deps.rateCounters.clear([resetEmailsKey(userId)]);
  return userId;
}
