import { ALREADY_ACTIVATED_TITLE } from '../api/auth-schemas';
import { allow, refuse, type Decision, type Refusal } from './decision';

/**
 * The rules of accounts (api-contract.md "Accounts"): sign-up, activation, sign-in, forgotten and
 * reset passwords, decided from the facts the server or the mock backend loaded. What stays with
 * each: the server's work that keeps answers equally long whether or not an account exists
 * (hashing before the email lookup, a dummy password check, mail sent in the background), and
 * single-use links consumed in one statement; the mock's plain storage.
 */

export const SIGNUP_MESSAGE =
  'Account created. Please check your email for a link to activate your account.';
export const ACTIVATED_MESSAGE = 'Your account is activated. You can now sign in.';
export const FORGOT_MESSAGE =
  'If an account exists for that email address, a link to reset the password has been sent to it.';
export const RESET_MESSAGE = 'Your password has been reset. You can now sign in.';

export const PASSWORD_TOO_COMMON = 'Password is too common';
const NOT_ACTIVATED_TITLE = 'Account is not activated';

export const AUTH_PROBLEMS = {
  usernameTaken: { status: 409, title: 'Username is already taken' },
  /** An unknown name and a wrong password alike, so the answer tells nobody who has an account. */
  invalidCredentials: { status: 401, title: 'Invalid username or password' },
  notActivated: {
    status: 403,
    title: NOT_ACTIVATED_TITLE,
    detail: 'Open the activation link we sent to your email address.',
  },
  notActivatedLinkResent: {
    status: 403,
    title: NOT_ACTIVATED_TITLE,
    detail: 'We have sent a new activation link to your email address.',
  },
  noActivationToken: { status: 400, title: 'Invalid activation link. No token provided.' },
  invalidActivationLink: { status: 400, title: 'Invalid or expired activation link' },
  /** A link that did its work (used, or superseded by a newer one): the screen offers sign-in. */
  alreadyActivated: { status: 400, title: ALREADY_ACTIVATED_TITLE },
  invalidResetLink: { status: 400, title: 'Invalid or expired reset link' },
} as const satisfies Record<string, Refusal>;

const HOUR_MS = 60 * 60 * 1000;

/** How long the links of the account emails work (the emails say so). */
export const ACCOUNT_LINK_LIFETIME_MS = { activate: 24 * HOUR_MS, reset: 1 * HOUR_MS } as const;
export type AccountLinkPurpose = keyof typeof ACCOUNT_LINK_LIFETIME_MS;

/** Activation links are resent at most this often, however many sign-in attempts are made. */
export const ACTIVATION_RESEND_AFTER_MS = 10 * 60 * 1000;

/**
 * A new password (sign-up, reset, change) that is among the most common ones: 400 on the form's
 * field, like any validation error. Whether it is common is a fact the caller loads
 * (src/api/common-passwords.ts: a large list the mock backend loads only when needed).
 */
export function commonPasswordProblem(
  passwordIsCommon: boolean,
  field: string,
): Refusal | undefined {
  if (!passwordIsCommon) return undefined;
  return { status: 400, title: PASSWORD_TOO_COMMON, errors: { [field]: [PASSWORD_TOO_COMMON] } };
}

export interface SignUpFacts {
  passwordIsCommon: boolean;
  /** Another account has this username, ignoring case. */
  usernameTaken: boolean;
}

/**
 * A sign-up: a common password (400), then a taken username (409). A taken email is answered like
 * a new one, so that sign-up does not reveal who has an account; the server mails its owner.
 */
export function decideSignUp(facts: SignUpFacts): Decision {
  const common = commonPasswordProblem(facts.passwordIsCommon, 'password');
  if (common) return refuse(common);
  if (facts.usernameTaken) return refuse(AUTH_PROBLEMS.usernameTaken);
  return allow();
}

/** The version of the terms a sign-up accepted, if it named one (recorded when it exists). */
export function acceptedTermsVersion(input: { acceptedTosVersion?: string }): string | undefined {
  const version = input.acceptedTosVersion?.trim();
  return version === '' ? undefined : version;
}

/** The token of an activation link; 400 when the link holds none. */
export function activationToken(token: string | undefined): Decision<string> {
  const trimmed = token?.trim() ?? '';
  return trimmed === '' ? refuse(AUTH_PROBLEMS.noActivationToken) : allow(trimmed);
}

/**
 * The answer to an activation link that activated nothing (unknown, expired, used or superseded):
 * when its account is active already, the link has done its work.
 */
export function deadActivationLink(owner: { isActive: boolean } | undefined): Refusal {
  return owner?.isActive ? AUTH_PROBLEMS.alreadyActivated : AUTH_PROBLEMS.invalidActivationLink;
}

/** The account a sign-in names, as far as the rule needs it. */
export interface LoginAccount {
  isActive: boolean;
  /** When the newest activation link of the account was issued (ISO), if ever. */
  lastActivationLinkAt: string | undefined;
}

export interface LoginFacts<Account extends LoginAccount> {
  /** The account named by the username or email address, or undefined when there is none. */
  account: Account | undefined;
  /** False for an unknown account (the server has checked a dummy password anyway). */
  passwordMatches: boolean;
  now: Date;
}

/**
 * What a sign-in does: sign `account` in; or, for an account not yet activated (told only to
 * whoever knows its password), answer `refusal` after sending a fresh activation link when
 * `sendActivationLink` (none went out in the last ten minutes): the way back when the first link
 * expired or was lost.
 */
export type LoginOutcome<Account> =
  | { readonly kind: 'signIn'; readonly account: Account }
  | {
      readonly kind: 'notActivated';
      readonly account: Account;
      readonly sendActivationLink: boolean;
      readonly refusal: Refusal;
    };

/** A sign-in: unknown account or wrong password (401, the same answer), then not activated. */
export function decideLogin<Account extends LoginAccount>(
  facts: LoginFacts<Account>,
): Decision<LoginOutcome<Account>> {
  const { account } = facts;
  if (account === undefined || !facts.passwordMatches) {
    return refuse(AUTH_PROBLEMS.invalidCredentials);
  }
  if (account.isActive) return allow({ kind: 'signIn', account });
  const last = account.lastActivationLinkAt;
  const linkIsRecent =
    last !== undefined && facts.now.getTime() - Date.parse(last) < ACTIVATION_RESEND_AFTER_MS;
  return allow({
    kind: 'notActivated',
    account,
    sendActivationLink: !linkIsRecent,
    refusal: linkIsRecent ? AUTH_PROBLEMS.notActivated : AUTH_PROBLEMS.notActivatedLinkResent,
  });
}

/**
 * A password reset: a common new password (400 on its field), then a link that does not work
 * (unknown, expired, used or superseded: 400); else the link's owner gets the new password. The
 * server asks inside the transaction that spends the link, so a refusal leaves the link unspent.
 */
export function decidePasswordReset<Owner>(facts: {
  passwordIsCommon: boolean;
  linkOwner: Owner | undefined;
}): Decision<Owner> {
  const common = commonPasswordProblem(facts.passwordIsCommon, 'newPassword');
  if (common) return refuse(common);
  if (facts.linkOwner === undefined) return refuse(AUTH_PROBLEMS.invalidResetLink);
  return allow(facts.linkOwner);
}
