import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { LoginResponse, signupRequest } from '../../../src/api/auth-schemas';
import { isCommonPassword } from '../../../src/api/common-passwords';
import { ApiProblem, settle } from '../../../src/api/problem';
import type { UserRef } from '../../../src/api/common';
import type { Language } from '../../../src/api/languages';
import { ownAccount } from '../../../src/domain/account-decisions';
import {
  acceptedTermsVersion,
  activationToken,
  AUTH_PROBLEMS,
  deadActivationLink,
  decideLogin,
  decidePasswordReset,
  decideSignUp,
  type LoginAccount,
} from '../../../src/domain/auth-decisions';
import { signAccessToken } from '../../credentials/access-token';
import {
  consumeAccountToken,
  findTokenOwner,
  issueAccountToken,
  lastTokenIssuedAt,
  revokeAccountTokens,
} from '../../credentials/account-tokens';
import { hashPassword, verifyDummyPassword, verifyPassword } from '../../credentials/password';
import type { RateLimitRule } from '../../config';
import type { Database } from '../../db/schema';
import type { RateCounters } from '../../http/rate-counters';
import { isUniqueViolation } from '../../db/constraint-violations';
import type { Mailer, MailMessage } from '../../mail/mailer';
import { recordAcceptance, termsStatusFor, termsVersionExists } from '../terms/terms-queries';
import { recipientLanguage } from '../../i18n/recipient-language';
import { activationEmail, emailInUseEmail, passwordResetEmail } from './account-emails';
import {
  activateAccount,
  isAccountActive,
  findAccountByEmail,
  findAccountByUsername,
  findActivePerson,
  insertAccount,
  recordSeenLanguage,
  replacePassword,
  type AccountRow,
} from './auth-queries';

/**
 * Accounts (api-contract.md "Accounts"): loads the facts, asks the shared rules
 * (src/domain/auth-decisions.ts) and stores what they decided, with the work that keeps answers
 * equally long whether or not an account exists.
 */

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

/**
 * Mail goes out without being awaited, so that answers take as long whether or not an address has
 * an account, and a slow mail server does not hold a request. Failures are logged.
 */
function sendInBackground(deps: AuthDeps, message: MailMessage): void {
  deps.mailer.send(message).catch((error: unknown) => {
    deps.log.error({ err: error, subject: message.subject }, 'Sending an email failed');
  });
}

/** `language`: the sign-up's Accept-Language's (languageOfAcceptLanguage), kept with the account. */
export async function signUp(
  deps: AuthDeps,
  input: z.output<typeof signupRequest>,
  language: Language,
): Promise<void> {
  const { db } = deps;
  const usernameTaken = (await findAccountByUsername(db, input.username)) !== undefined;
  settle(decideSignUp({ passwordIsCommon: isCommonPassword(input.password), usernameTaken }));
  // Hash before looking at the email, so both answers cost the same.
  const passwordHash = await hashPassword(input.password);
  const owner = await findAccountByEmail(db, input.email);
  if (owner) {
    const ownLanguage = await recipientLanguage(db, owner.id);
    sendInBackground(deps, emailInUseEmail(deps.appUrl, owner.username, owner.email, ownLanguage));
    return;
  }
  const now = new Date();
  let token: string;
  try {
    token = await db.transaction().execute(async (trx) => {
      const userId = await insertAccount(trx, {
        username: input.username,
        displayName: input.displayName,
        email: input.email,
        passwordHash,
        now: now.toISOString(),
        language,
      });
      const version = acceptedTermsVersion(input);
      if (version !== undefined && (await termsVersionExists(trx, version))) {
        await recordAcceptance(trx, userId, version, now.toISOString());
      }
      return issueAccountToken(trx, userId, 'activate', now);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Lost a race with a sign-up of the same name or address a moment ago.
    if (await findAccountByUsername(db, input.username)) {
      throw ApiProblem.of(AUTH_PROBLEMS.usernameTaken);
    }
    return;
  }
  sendInBackground(
    deps,
    activationEmail(deps.appUrl, input.username, input.email, token, language),
  );
}

/**
 * GET /api/auth/me: the caller with the name they go by (the token's check reads only what decides
 * it); 401 if the account went in the moment since.
 */
export async function currentPerson(db: Kysely<Database>, userId: number): Promise<UserRef> {
  return settle(ownAccount(await findActivePerson(db, userId)));
}

export async function activate(deps: AuthDeps, link: string | undefined): Promise<void> {
  const token = settle(activationToken(link));
  // Spent in the statement that finds it, so two clicks racing cannot both activate.
  const activated = await deps.db.transaction().execute(async (trx) => {
    const userId = await consumeAccountToken(trx, 'activate', token);
    if (userId === undefined) return false;
    await activateAccount(trx, userId);
    return true;
  });
  if (activated) return;
  const ownerId = await findTokenOwner(deps.db, token, 'activate');
  const owner =
    ownerId === undefined ? undefined : { isActive: await isAccountActive(deps.db, ownerId) };
  throw ApiProblem.of(deadActivationLink(owner));
}

export async function findForLogin(
  db: Kysely<Database>,
  login: string,
): Promise<AccountRow | undefined> {
  // Usernames cannot hold '@', so an '@' means an email address.
  return login.includes('@') ? findAccountByEmail(db, login) : findAccountByUsername(db, login);
}

/**
 * The facts of a sign-in's account. Its last activation link is looked up only for whoever knows
 * the password (only they are told the account is not active, and a wrong password must cost the
 * same whether it is or not).
 */
async function loginAccount(
  db: Kysely<Database>,
  row: AccountRow,
  passwordMatches: boolean,
): Promise<LoginAccount & { row: AccountRow }> {
  const isActive = row.is_active === 1;
  const lastActivationLinkAt =
    isActive || !passwordMatches ? undefined : await lastTokenIssuedAt(db, row.id, 'activate');
  return { row, isActive, lastActivationLinkAt };
}

/** `language`: the sign-in's Accept-Language's, kept as the account's once the password matched. */
export async function logIn(
  deps: AuthDeps,
  input: { username: string; password: string },
  language: Language,
): Promise<LoginResponse> {
  const account = await findForLogin(deps.db, input.username.trim());
  let passwordMatches = false;
  if (account === undefined) {
    // Same work as for a real account: the answer's timing must not tell who has one.
    await verifyDummyPassword(input.password);
  } else {
    passwordMatches = await verifyPassword(account.password_hash, input.password);
  }
  const outcome = settle(
    decideLogin({
      account: account && (await loginAccount(deps.db, account, passwordMatches)),
      passwordMatches,
      now: new Date(),
    }),
  );
  const { row } = outcome.account;
  // The password matched: this is them, in the language their browser asks for now.
  await recordSeenLanguage(deps.db, row, language);
  if (outcome.kind === 'notActivated') {
    if (outcome.sendActivationLink) await sendActivationLink(deps, row);
    throw ApiProblem.of(outcome.refusal);
  }
  const accessToken = await signAccessToken(deps.jwtSecret, {
    userId: row.id,
    tokenVersion: row.token_version,
  });
  const terms = await termsStatusFor(deps.db, row.id);
  return {
    accessToken,
    requiresTosAcceptance: terms.requiresAcceptance,
    latestTosVersion: terms.currentVersion,
  };
}

/** A fresh activation link, for a sign-in with the right password to an account not yet active. */
async function sendActivationLink(deps: AuthDeps, account: AccountRow): Promise<void> {
  const token = await issueAccountToken(deps.db, account.id, 'activate');
  const language = await recipientLanguage(deps.db, account.id);
  sendInBackground(
    deps,
    activationEmail(deps.appUrl, account.username, account.email, token, language),
  );
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
  const language = await recipientLanguage(deps.db, account.id);
  sendInBackground(
    deps,
    passwordResetEmail(deps.appUrl, account.username, account.email, token, language),
  );
}

/** Sets the new password; returns whose it was. */
export async function resetPassword(
  deps: AuthDeps,
  input: { token: string; newPassword: string },
): Promise<number> {
  const passwordIsCommon = isCommonPassword(input.newPassword);
  // A common password is refused before any work: no hash, no link spent.
  if (passwordIsCommon) settle(decidePasswordReset({ passwordIsCommon, linkOwner: undefined }));
  const passwordHash = await hashPassword(input.newPassword);
  // Asked inside the transaction that spends the link: a refusal rolls the spending back.
  const userId = await deps.db.transaction().execute(async (trx) => {
    const linkOwner = await consumeAccountToken(trx, 'reset', input.token.trim());
    const owner = settle(decidePasswordReset({ passwordIsCommon, linkOwner }));
    await replacePassword(trx, owner, passwordHash);
    await revokeAccountTokens(trx, owner, 'reset');
    return owner;
  });
  // A fresh start: the owner may ask for emails again.
  await deps.rateCounters.clear([resetEmailsKey(userId)]);
  return userId;
}
