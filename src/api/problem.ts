import type { Decision, Refusal } from '../domain/decision';
import type { ProblemDetails } from './common';

/**
 * How every error is written (RFC 9457 problem details), by the server's error handler and by the
 * mock backend alike, so the SPA sees the same bodies in tests, in the demo and in production.
 */

/** The section of RFC 9110 that defines each status we answer with, as the problem's `type`. */
const STATUS_SECTIONS: Record<number, string> = {
  400: '15.5.1',
  401: '15.5.2',
  403: '15.5.4',
  404: '15.5.5',
  405: '15.5.6',
  406: '15.5.7',
  408: '15.5.9',
  409: '15.5.10',
  411: '15.5.12',
  413: '15.5.14',
  414: '15.5.15',
  415: '15.5.16',
  422: '15.5.21',
  429: '', // RFC 6585, not RFC 9110
  500: '15.6.1',
  503: '15.6.4',
};

function problemType(status: number): string {
  if (status === 429) return 'https://www.rfc-editor.org/rfc/rfc6585#section-4';
  const section = STATUS_SECTIONS[status];
  return section ? `https://www.rfc-editor.org/rfc/rfc9110#section-${section}` : 'about:blank';
}

export function buildProblemDetails(
  status: number,
  title: string,
  detail?: string,
  errors?: Record<string, string[]>,
): ProblemDetails {
  return {
    type: problemType(status),
    title,
    status,
    ...(detail !== undefined ? { detail } : {}),
    ...(errors !== undefined ? { errors } : {}),
  };
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/**
 * An error that leaves the server or the mock backend as problem details. Services and handlers
 * throw it (mostly through `settle`); the server's one error handler and the mock's `route` write
 * it. `title` is a sentence a person can read: the client shows it as is.
 */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(title);
    this.name = 'ApiProblem';
  }

  static of(refusal: Refusal): ApiProblem {
    return new ApiProblem(refusal.status, refusal.title, refusal.detail, refusal.errors);
  }

  /** Response headers that belong to this problem (Retry-After of a 429, WWW-Authenticate). */
  headers: Record<string, string> = {};

  withHeaders(headers: Record<string, string>): this {
    Object.assign(this.headers, headers);
    return this;
  }

  /** Members of the body beyond the standard ones (the `current` of a 412). */
  extensions: Record<string, unknown> = {};

  withExtensions(extensions: Record<string, unknown>): this {
    Object.assign(this.extensions, extensions);
    return this;
  }

  toProblem(): ProblemDetails {
    return {
      ...this.extensions,
      ...buildProblemDetails(this.status, this.title, this.detail, this.errors),
    };
  }
}

/** The decision's change, or its refusal thrown as an `ApiProblem`. */
export function settle<T>(decision: Decision<T>): T {
  if (!decision.ok) throw ApiProblem.of(decision.refusal);
  return decision.value;
}
