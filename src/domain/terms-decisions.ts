import { allow, refuse, withDetail, type Decision, type Refusal } from './decision';

/**
 * The rules of the Terms of Service (api-contract.md "Terms of Service"): the current version is
 * the newest published one, only it can be accepted, and accepting it twice keeps the first
 * acceptance (the history records when it happened). The server and the mock backend load the
 * current version and the caller's acceptance of it, and ask here.
 */

export const TERMS_PROBLEMS = {
  nonePublished: { status: 404, title: 'No Terms of Service have been published' },
  notCurrent: { status: 409, title: 'Only the current Terms of Service can be accepted' },
} as const satisfies Record<string, Refusal>;

/** The current terms, or 404 when none have been published. */
export function decideCurrentTerms<T>(current: T | undefined): Decision<T> {
  return current === undefined ? refuse(TERMS_PROBLEMS.nonePublished) : allow(current);
}

/** Where a person stands with the current terms (GET acceptance-status). */
export interface TermsStanding {
  requiresAcceptance: boolean;
  hasAcceptedLatest: boolean;
  currentVersion: string | null;
}

/**
 * With no terms published at all, nothing is required; else the current version must have been
 * accepted. `acceptedCurrent` is whether the person accepted `currentVersion` (moot without one).
 */
export function termsStanding(
  currentVersion: string | null,
  acceptedCurrent: boolean,
): TermsStanding {
  const requiresAcceptance = currentVersion !== null && !acceptedCurrent;
  return { requiresAcceptance, hasAcceptedLatest: !requiresAcceptance, currentVersion };
}

/** The facts of an acceptance: the current version, and when the caller first accepted it. */
export interface TermsAcceptanceFacts {
  currentVersion: string | undefined;
  /** When the caller accepted the requested version before, if they did. */
  acceptedAt: string | undefined;
}

/** An acceptance to record now, or the earlier one that stands. */
export type TermsAcceptance =
  { record: true; version: string } | { record: false; version: string; acceptedAt: string };

export function decideTermsAcceptance(
  facts: TermsAcceptanceFacts,
  requestedVersion: string,
): Decision<TermsAcceptance> {
  const { currentVersion, acceptedAt } = facts;
  if (currentVersion === undefined) return refuse(TERMS_PROBLEMS.notCurrent);
  if (requestedVersion !== currentVersion) {
    return refuse(
      withDetail(TERMS_PROBLEMS.notCurrent, `The current version is ${currentVersion}.`),
    );
  }
  return allow(
    acceptedAt === undefined
      ? { record: true, version: currentVersion }
      : { record: false, version: currentVersion, acceptedAt },
  );
}
