/**
 * What an endpoint's rule answers. Every decision (who may do it, in which state, with which
 * outcome) is a pure function of the facts the server or the mock backend loaded: it returns the
 * change to make (`allow`) or the problem to answer (`refuse`), never both, and never touches
 * storage. The server and the mock turn a refusal into problem details with `settle` from
 * src/api/problem.ts, so the status, the title and the order of checks are written once.
 */

/** A problem to answer: its HTTP status, the sentence a person reads, and optional details. */
export interface Refusal {
  readonly status: number;
  readonly title: string;
  readonly detail?: string;
  readonly errors?: Record<string, string[]>;
}

export type Decision<T = void> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly refusal: Refusal };

export function allow(): Decision<void>;
export function allow<T>(value: T): Decision<T>;
export function allow<T>(value?: T): Decision<T | undefined> {
  return { ok: true, value };
}

export function refuse(refusal: Refusal): { readonly ok: false; readonly refusal: Refusal } {
  return { ok: false, refusal };
}

/** A refusal with a detail sentence added (the same title, more said). */
export function withDetail(refusal: Refusal, detail: string): Refusal {
  return { ...refusal, detail };
}
