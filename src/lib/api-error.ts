import type { ProblemDetails } from '../api/common';

/** The one error type every failed API call ends in (spec section 8). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly problem?: ProblemDetails;

  constructor(message: string, status: number, problem?: ProblemDetails) {
    super(message);
    this.status = status;
    if (problem) this.problem = problem;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
