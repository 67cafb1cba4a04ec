import { allow, refuse, type Decision, type Refusal } from '../domain/decision';
import { ApiProblem, settle } from './problem';

/**
 * Versions on the wire (api-contract.md "Your writing is never lost"): the `ETag` a rumination is
 * read with, the `If-Match` a change may send, and the 412 that carries the object as it is now.
 * The server (server/http) and the mock backend (mocks/http.ts) read the header through here; the
 * SPA writes it through `ifMatchOf`.
 */

export const ETAG_HEADER = 'ETag';
export const IF_MATCH_HEADER = 'If-Match';

/** What a change was based on: a version, any version (`*`), or nothing said (last write wins). */
export type ExpectedVersion = number | '*' | undefined;

export const PRECONDITION_PROBLEMS = {
  /** Answered with `current`: the object as it is now, in its usual shape. */
  changedElsewhere: { status: 412, title: 'This was changed elsewhere' },
  malformed: {
    status: 400,
    title: 'The If-Match header is malformed',
    detail: 'Send the version in double quotes, e.g. "3", or *.',
  },
} as const satisfies Record<string, Refusal>;

/** A strong entity tag: the version in double quotes. */
export function etagOf(version: number): string {
  return `"${version}"`;
}

/** The header a change sends when it was based on `version`. */
export function ifMatchOf(version: number): Record<string, string> {
  return { [IF_MATCH_HEADER]: etagOf(version) };
}

const QUOTED_VERSION = /^"([1-9][0-9]{0,9})"$/;

/** The version an `If-Match` header names (absent: undefined), or 400 when it is not one. */
export function expectedVersionOf(header: string | null | undefined): Decision<ExpectedVersion> {
  if (header === null || header === undefined) return allow(undefined);
  const value = header.trim();
  if (value === '*') return allow('*');
  const match = QUOTED_VERSION.exec(value);
  const version = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(version)) return refuse(PRECONDITION_PROBLEMS.malformed);
  return allow(version);
}

/** Whether a change based on `expected` may apply to an object now at `current`. */
export function decideVersion(current: number, expected: ExpectedVersion): Decision {
  if (expected === undefined || expected === '*' || expected === current) return allow();
  return refuse(PRECONDITION_PROBLEMS.changedElsewhere);
}

/** Whether a refusal is the 412 of a stale `If-Match` (it then carries `current`). */
export function isConflict(refusal: Refusal): boolean {
  return refusal.status === PRECONDITION_PROBLEMS.changedElsewhere.status;
}

/**
 * The decision's change, or its refusal thrown; a 412 is thrown with `current` (loaded only then,
 * by the server or the mock, in the object's usual shape).
 */
export async function settleOrConflict<T>(
  decision: Decision<T>,
  loadCurrent: () => unknown,
): Promise<T> {
  if (!decision.ok && isConflict(decision.refusal)) {
    const current = await loadCurrent();
    throw ApiProblem.of(decision.refusal).withExtensions({ current });
  }
  return settle(decision);
}
