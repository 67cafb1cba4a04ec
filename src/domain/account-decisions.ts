import { CURRENT_PASSWORD_WRONG, DELETE_PASSWORD_WRONG } from '../api/account-schemas';
import { HTTP_PROBLEMS } from '../api/http-problems';
import { commonPasswordProblem } from './auth-decisions';
import { allow, refuse, type Decision, type Refusal } from './decision';

/**
 * The rules of my account (api-contract.md "My account" and "My writing"): the caller's own
 * account only, a password that proves it is them before it changes or goes, decided from the
 * facts the server or the mock backend loaded.
 */

/** A wrong password is a 400 on the form's field, so the form shows it where it was typed. */
const wrongPassword = (field: string, message: string): Refusal => ({
  status: 400,
  title: message,
  errors: { [field]: [message] },
});

export const ACCOUNT_PROBLEMS = {
  /**
   * The token was valid a moment ago, but its account is gone (deleted in between): as if no
   * token had been sent.
   */
  gone: HTTP_PROBLEMS.authenticationRequired,
  /**
   * A write whose account was deleted after its token was checked (the write waited for the
   * erasure, or was refused its terms because the erasure took their acceptance): answered as the
   * token is answered from then on, as one that opens nothing.
   */
  writerGone: HTTP_PROBLEMS.invalidToken,
  /** The export's account was deleted between the token check and the first read. */
  exportGone: { status: 404, title: 'Account not found' },
  currentPasswordWrong: wrongPassword('currentPassword', CURRENT_PASSWORD_WRONG),
  deletePasswordWrong: wrongPassword('password', DELETE_PASSWORD_WRONG),
} as const satisfies Record<string, Refusal>;

/** The caller's own account, loaded by their id: 401 when it no longer exists. */
export function ownAccount<Account>(account: Account | undefined): Decision<Account> {
  return account === undefined ? refuse(ACCOUNT_PROBLEMS.gone) : allow(account);
}

/**
 * Whether the caller may still write, asked inside the write's own transaction (after the lock on
 * their account that the erasure also takes): deletion and the person's own writes exclude each
 * other, so a write either lands before the erasure, which then erases it, or finds them gone.
 */
export function decideWriterStanding(facts: { accountActive: boolean }): Decision {
  return facts.accountActive ? allow() : refuse(ACCOUNT_PROBLEMS.writerGone);
}

export interface PasswordChangeFacts {
  currentPasswordMatches: boolean;
  newPasswordIsCommon: boolean;
}

/**
 * A new password: the current one must be right (400 on its field; the server counts it against
 * guessing), then the new one must not be common (400 on its field). Allowed, every older token
 * is revoked, pending reset links are spent, and the caller gets a fresh token.
 */
export function decidePasswordChange(facts: PasswordChangeFacts): Decision {
  if (!facts.currentPasswordMatches) return refuse(ACCOUNT_PROBLEMS.currentPasswordWrong);
  const common = commonPasswordProblem(facts.newPasswordIsCommon, 'newPassword');
  return common ? refuse(common) : allow();
}

/** Erasing the account for good, once the password proves it is them. */
export function decideAccountDeletion(facts: { passwordMatches: boolean }): Decision {
  return facts.passwordMatches ? allow() : refuse(ACCOUNT_PROBLEMS.deletePasswordWrong);
}

/**
 * Exports never hold up other people (api-contract.md "My account"): an account runs one export at
 * a time, and an instance runs a bounded number of them, the rest asked to come back shortly
 * rather than queued (a queued download would hold a connection open doing nothing).
 */
export const EXPORT_PROBLEMS = {
  /** The account's own export is still running (on this instance or another). */
  accountExportRunning: {
    status: 429,
    title: 'An export of this account is already running; please try again when it has finished',
  },
  /** This instance runs as many exports as it may (EXPORTS_PER_INSTANCE). */
  instanceExportsFull: {
    status: 429,
    title: 'Too many exports are running; please try again shortly',
  },
} as const satisfies Record<string, Refusal>;

/** The Retry-After (seconds) of both refusals: a short export ends within it. */
export const EXPORT_RETRY_AFTER_SECONDS = 10;

export interface ExportStartFacts {
  /** A live lease of this account's export exists (held by this instance or another). */
  accountExportRunning: boolean;
  /** This instance already runs as many exports as it may. */
  instanceExportsFull: boolean;
}

/**
 * Whether an export may start: the account's own running export first (the more useful answer),
 * then the instance's bound. Both refused with 429 and EXPORT_RETRY_AFTER_SECONDS.
 */
export function decideExportStart(facts: ExportStartFacts): Decision {
  if (facts.accountExportRunning) return refuse(EXPORT_PROBLEMS.accountExportRunning);
  if (facts.instanceExportsFull) return refuse(EXPORT_PROBLEMS.instanceExportsFull);
  return allow();
}
