import { msg } from '@lingui/core/macro';
import ky, { HTTPError } from 'ky';
import { ApiError } from './api-error';
import { fetchNoticingConnectivity, noticeAnswer } from './connectivity';
import { takeEarlyResponse } from './early-requests';
import { clearToken, getToken } from './token-storage';
import { spokenLanguage } from './i18n/language';
import type { ProblemDetails } from '../api/common';

export { ApiError } from './api-error';

/**
 * The spec's error for a call that needs a token when there is none. The error carries the English
 * (callers compare it); whoever shows it translates it through sayShared (src/lib/i18n/language.ts),
 * like a problem's title, by this entry of the catalogues.
 */
const NO_TOKEN = msg`No authentication token available`;
export const NO_TOKEN_MESSAGE: string = NO_TOKEN.message ?? NO_TOKEN.id;

/**
 * The single HTTP client. Retries are left to React Query (which skips 4xx), so ky never retries;
 * the bearer token is read per request so that sign-in and sign-out take effect at once.
 */
export const api = ky.create({
  prefixUrl: new URL('/api/', window.location.origin).href,
  retry: 0,
  // A call with no answer at all takes the app offline until the server answers again. The first
  // page's answer may already be on its way (early-requests.ts); if that one failed, ask again.
  fetch: (input, init) => {
    const early = input instanceof Request ? takeEarlyResponse(input) : undefined;
    return early === undefined
      ? fetchNoticingConnectivity(input, init)
      : early.then(
          (response) => {
            noticeAnswer();
            return response;
          },
          () => fetchNoticingConnectivity(input, init),
        );
  },
  hooks: {
    beforeRequest: [
      (request) => {
        const token = getToken();
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
        // Problem titles come back in the language the app speaks, chosen or the browser's.
        request.headers.set('Accept-Language', spokenLanguage());
      },
    ],
    afterResponse: [
      (request, _options, response) => {
        // The server refused the token we hold (expired, or revoked by a password reset
        // elsewhere): this session is over, so forget it and let the guards send us to /login.
        const token = getToken();
        if (
          response.status === 401 &&
          token !== null &&
          request.headers.get('Authorization') === `Bearer ${token}`
        ) {
          clearToken();
        }
      },
    ],
  },
});

/** A list query as URL search parameters: absent values are left out, names kept as the schema has them. */
export function searchParamsOf(
  query: Record<string, string | number | boolean | undefined>,
): Record<string, string | number | boolean> {
  const search: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search[name] = value;
  return search;
}

/** The header that makes a resent write (offline queue) happen once on the server. */
export function idempotencyHeaders(idempotencyKey?: string): Record<string, string> {
  return idempotencyKey === undefined ? {} : { 'Idempotency-Key': idempotencyKey };
}

/** The token, or the spec's error when there is none (for calls that need a bearer token). */
export function requireToken(): string {
  const token = getToken();
  if (!token) throw new Error(NO_TOKEN_MESSAGE);
  return token;
}

function readString(body: unknown, key: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function asProblem(body: unknown): ProblemDetails | undefined {
  if (readString(body, 'title') === undefined) return undefined;
  return body as ProblemDetails;
}

/**
 * Turns a failed response into an ApiError whose message is the server's `message`, else its
 * `title`, else the status text, else `defaultMessage` (spec section 8).
 */
export async function responseToApiError(
  response: Response,
  defaultMessage: string,
): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.clone().json();
  } catch {
    body = undefined;
  }
  const message =
    readString(body, 'message') ??
    readString(body, 'title') ??
    (response.statusText.trim() !== '' ? response.statusText : undefined) ??
    defaultMessage;
  return new ApiError(message, response.status, asProblem(body));
}

/** Maps anything a call may throw to the error the UI shows. */
export async function toApiError(error: unknown, defaultMessage: string): Promise<Error> {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) return responseToApiError(error.response, defaultMessage);
  if (error instanceof Error && error.message === NO_TOKEN_MESSAGE) return error;
  // Network failures, timeouts and unreadable bodies: the caller's default says it best.
  return new ApiError(defaultMessage, 0);
}

/**
 * Runs one API call with the spec's default error message for it, e.g.
 * `withDefaultError('Failed to fetch my ruminations', () => api.get('ruminations/my').json())`.
 */
export async function withDefaultError<T>(
  defaultMessage: string,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw await toApiError(error, defaultMessage);
  }
}
