import { allow, refuse, type Decision, type Refusal } from '../domain/decision';

/**
 * The problems of HTTP itself, before any endpoint's rule is asked: who calls (the bearer token),
 * and input that cannot be read (a body too large, not JSON, not an object; fields that fail the
 * contract's schemas). The server's request authentication and error handler and the mock
 * backend's plumbing (mocks/http.ts) answer them in the same words.
 */

/** Bodies over 64 KiB are refused with 413 (api-contract.md "Conventions"). */
export const MAX_BODY_BYTES = 64 * 1024;

/** What a body that is valid JSON but not an object is told (on the `body` field and as title). */
export const BODY_NOT_AN_OBJECT = 'The request body must be a JSON object';

export const HTTP_PROBLEMS = {
  /** No token was sent where one is needed. */
  authenticationRequired: { status: 401, title: 'Authentication required' },
  /** A token was sent but opens nothing (malformed, forged, expired or revoked). */
  invalidToken: { status: 401, title: 'The access token is invalid or has expired' },
  /** No route answers that method and path. */
  notFound: { status: 404, title: 'Not found' },
  bodyNotJson: { status: 400, title: 'The request body is not valid JSON' },
  /** Percent-escapes that are not UTF-8 (queryIsUtf8): refused, never read as U+FFFD. */
  queryNotUtf8: { status: 400, title: 'The query string is not valid UTF-8' },
  bodyTooLarge: {
    status: 413,
    title: `The request body is too large (at most ${MAX_BODY_BYTES / 1024} KiB)`,
  },
  /** The database has no primary for a moment (a failover under way): asked again, it answers. */
  unavailable: {
    status: 503,
    title: 'The service is briefly unavailable; please try again shortly',
  },
  /** The health check's database does not answer. */
  databaseUnavailable: { status: 503, title: 'The database is unavailable' },
  /** A path that is not valid percent-encoding (the router never sees it). */
  urlMalformed: { status: 400, title: 'The request URL is malformed' },
  bodyNotUtf8: { status: 400, title: 'The request body is not valid UTF-8' },
  bodyEmpty: { status: 400, title: 'The request body is empty' },
  /** A JSON route sent another type. */
  notJsonType: { status: 415, title: 'Unsupported content type; send application/json' },
  contentLengthWrong: { status: 400, title: 'The Content-Length header does not match the body' },
  /** A route's own rate limit (sign-in, sign-up, ...): Retry-After says when. */
  tooManyAttempts: { status: 429, title: 'Too many attempts; please try again later' },
  /** A 429 raised by Fastify or a plugin of its own. */
  tooManyRequests: { status: 429, title: 'Too many requests; please try again later' },
  methodNotAllowed: { status: 405, title: 'Method not allowed' },
  requestTooLarge: { status: 413, title: 'The request is too large' },
  unsupportedType: { status: 415, title: 'Unsupported content type' },
  /** Any other 4xx that Fastify or a plugin raises. */
  invalid: { status: 400, title: 'The request is invalid' },
  /** A bug: the one 500. */
  unexpected: { status: 500, title: 'An unexpected error occurred' },
} as const satisfies Record<string, Refusal>;

const PERCENT_ESCAPES = /(?:%[0-9A-Fa-f]{2})+/g;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Whether the query string of a request target or URL (what follows `?`) decodes to UTF-8: every
 * run of percent-escapes must be whole UTF-8 characters (no stray, cut, overlong or surrogate
 * bytes). Decoders put U+FFFD in place of such bytes, silently changing what was asked, and text
 * is never silently changed. A `%` that starts no escape is a character, as it always was.
 */
export function queryIsUtf8(target: string): boolean {
  const start = target.indexOf('?');
  if (start < 0 || !target.includes('%', start)) return true;
  for (const [run] of target.slice(start + 1).matchAll(PERCENT_ESCAPES)) {
    const bytes = new Uint8Array(run.length / 3);
    for (let i = 0; i < bytes.length; i += 1) {
      bytes[i] = Number.parseInt(run.slice(i * 3 + 1, i * 3 + 3), 16);
    }
    try {
      strictUtf8.decode(bytes);
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * The bearer token of an `Authorization` header: null when none was sent (a blank header counts
 * as none), 401 when the header is there but is not `Bearer <token>`.
 */
export function bearerTokenOf(header: string | null | undefined): Decision<string | null> {
  if (header === null || header === undefined || header.trim() === '') return allow(null);
  const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  return token === undefined ? refuse(HTTP_PROBLEMS.invalidToken) : allow(token);
}

/** Where in the request the input that failed its schema was. */
export type InputPart = 'body' | 'querystring' | 'params' | 'headers';

/**
 * One failed check of a schema, as zod reports it: the server reads it off Fastify's validation
 * error, the mock backend off the zod error itself.
 */
export interface InputIssue {
  readonly path: readonly PropertyKey[];
  /** zod's issue code (`invalid_type`, `too_small`, ...). */
  readonly code: string;
  readonly message: string;
}

/** A body's title is its first message; the other parts have a title of their own. */
export const PART_TITLES: Readonly<Record<InputPart, string | undefined>> = {
  body: undefined,
  querystring: 'The query parameters are invalid',
  params: 'The path parameters are invalid',
  headers: 'The request headers are invalid',
};

/** A body's title when it has no message of its own. */
export const BODY_INVALID = 'The request body is invalid';

/** "newPassword" -> "New password", for "... is required" messages. */
function humanize(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * "New password is required": what a missing field is told, a whole sentence per field, so that
 * the catalogues list each one (scripts/i18n/shared-strings.ts asks this of every required field
 * of the requests' schemas).
 */
export function fieldRequiredMessage(field: string): string {
  return `${humanize(field)} is required`;
}

/**
 * zod's message for a missing field ("expected string, received undefined") means nothing to a
 * person: say which field is required instead, in the spec's words. A body that is no object at
 * all says so.
 */
function messageOf(issue: InputIssue, part: InputPart): string {
  if (issue.code !== 'invalid_type') return issue.message;
  const last = issue.path.at(-1);
  if (last === undefined) return part === 'body' ? BODY_NOT_AN_OBJECT : issue.message;
  return /received undefined$/.test(issue.message)
    ? fieldRequiredMessage(String(last))
    : issue.message;
}

/** The 400 of input that failed its schema: `errors` lists the messages by field (dotted path). */
export function inputProblem(issues: readonly InputIssue[], part: InputPart): Refusal {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : part;
    (errors[field] ??= []).push(messageOf(issue, part));
  }
  const first = Object.values(errors)[0]?.[0];
  return {
    status: 400,
    title: PART_TITLES[part] ?? first ?? BODY_INVALID,
    errors,
  };
}
