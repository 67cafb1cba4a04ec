import type { ProblemDetails } from '../../src/api/common';
import { buildProblemDetails } from '../../src/api/problem';

/**
 * An error that leaves the server as RFC 9457 problem details. Services and routes throw it; the
 * one error handler (error-handler.ts) writes it. `title` is a sentence a person can read: the client
 * shows it as is.
 */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(title);
    this.name = 'HttpProblem';
  }

  /** Response headers that belong to this problem (Retry-After of a 429, WWW-Authenticate). */
  headers: Record<string, string> = {};

  withHeaders(headers: Record<string, string>): this {
    Object.assign(this.headers, headers);
    return this;
  }

  toProblem(): ProblemDetails {
    return buildProblemDetails(this.status, this.title, this.detail, this.errors);
  }
}
