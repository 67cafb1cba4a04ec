import { HttpResponse, http, type HttpResponseResolver, type PathParams } from 'msw';
import type { z } from 'zod';
import { ApiProblem, PROBLEM_CONTENT_TYPE } from '../src/api/problem';
import { withSchemaNames } from '../src/api/query-names';
import { TOS_REQUIRED_TITLE } from '../src/api/terms-schemas';
import { currentTerms, hasAcceptedCurrentTerms, saveDb, syncDb, userIdOfToken } from './store';

/**
 * Plumbing shared by every handler: problem details, auth, lenient input, persistence. Titles,
 * problem types and the order of checks follow the real server (server/http, server/auth), so
 * the SPA sees the same answers in tests, in the demo and in production.
 */

export const MAX_BODY_BYTES = 64 * 1024;

export function problemResponse(problem: ApiProblem): Response {
  return HttpResponse.json(problem.toProblem(), {
    status: problem.status,
    headers: { 'Content-Type': PROBLEM_CONTENT_TYPE },
  });
}

export const notFound = (title = 'Not found') => new ApiProblem(404, title);
export const forbidden = (title: string) => new ApiProblem(403, title);
export const conflict = (title: string) => new ApiProblem(409, title);
export const badRequest = (title: string, errors?: Record<string, string[]>) =>
  new ApiProblem(400, title, undefined, errors);

export function noContent(): Response {
  return new HttpResponse(null, { status: 204 });
}

type Method = 'get' | 'post' | 'put' | 'delete';
type Resolver = HttpResponseResolver<PathParams>;

/**
 * One handler under any origin (`* /api/...`). Problems thrown inside become problem details;
 * the store is re-read from and saved to browser storage around each call in the demo.
 */
export function route(method: Method, path: string, resolver: Resolver) {
  return http[method](`*${path}`, async (info) => {
    syncDb();
    try {
      const response = await resolver(info);
      return response;
    } catch (error) {
      if (error instanceof ApiProblem) return problemResponse(error);
      throw error;
    } finally {
      // Every call, GETs included: activation is a GET that writes.
      saveDb();
    }
  });
}

export const INVALID_TOKEN = 'The access token is invalid or has expired';

/**
 * The caller's user id, or null when no token was sent. A token that was sent but is unknown or
 * revoked answers 401 even where signing in is optional, as the server does (the client then
 * signs out).
 */
export function optionalUser(request: Request): number | null {
  const header = request.headers.get('Authorization') ?? '';
  if (header.trim() === '') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const userId = match?.[1] === undefined ? undefined : userIdOfToken(match[1]);
  if (userId === undefined) throw new ApiProblem(401, INVALID_TOKEN);
  return userId;
}

export function requireUser(request: Request): number {
  const userId = optionalUser(request);
  if (userId === null) throw new ApiProblem(401, 'Authentication required');
  return userId;
}

/** The caller of a write: signed in and with the current terms accepted. */
export function requireWriter(request: Request): number {
  const userId = requireUser(request);
  requireTermsAccepted(userId);
  return userId;
}

/** Writes are refused while the caller has not accepted the current terms. */
export function requireTermsAccepted(userId: number): void {
  if (!hasAcceptedCurrentTerms(userId)) {
    const version = currentTerms()?.version ?? '';
    throw new ApiProblem(
      403,
      TOS_REQUIRED_TITLE,
      `Accept the Terms of Service (version ${version}) to continue.`,
    );
  }
}

type InputPart = 'body' | 'querystring' | 'params';

const PART_TITLES: Record<InputPart, string | undefined> = {
  body: undefined,
  querystring: 'The query parameters are invalid',
  params: 'The path parameters are invalid',
};

/** "newPassword" -> "New password", for "... is required" messages. */
function humanize(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * zod issues as `errors: { field: [message] }`. A body's title is its first message; a missing
 * field says "<Field> is required" rather than zod's "expected string, received undefined".
 */
export function validationProblem(error: z.ZodError, part: InputPart): ApiProblem {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : part;
    const last = String(issue.path.at(-1) ?? field);
    const missing = issue.code === 'invalid_type' && /received undefined$/.test(issue.message);
    (errors[field] ??= []).push(missing ? `${humanize(last)} is required` : issue.message);
  }
  const first = Object.values(errors)[0]?.[0];
  return new ApiProblem(
    400,
    PART_TITLES[part] ?? first ?? 'The request body is invalid',
    undefined,
    errors,
  );
}

export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  part: InputPart = 'body',
): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationProblem(result.error, part);
  return result.data;
}

/** Reads and validates a JSON body; an empty body counts as `{}`. */
export async function readBody<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<z.output<S>> {
  const text = await request.text();
  if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) {
    throw new ApiProblem(413, 'The request body is too large (at most 64 KiB)');
  }
  let value: unknown = {};
  if (text.trim() !== '') {
    try {
      value = JSON.parse(text);
    } catch {
      throw badRequest('The request body is not valid JSON');
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest('The request body is invalid', {
      body: ['The request body must be a JSON object'],
    });
  }
  return parseWith(schema, value);
}

/**
 * Query parameters with their names matched ignoring case against the schema's keys
 * (`isPublic`, `IsPublic`, `ispublic` all count), then validated.
 */
export function readQuery<S extends z.ZodObject>(request: Request, schema: S): z.output<S> {
  const params = new URL(request.url).searchParams;
  return parseWith(schema, withSchemaNames(params, Object.keys(schema.shape)), 'querystring');
}

/** A path parameter validated with the contract's params schema (`{ id }`). */
export function readId(
  params: Record<string, string | readonly string[] | undefined>,
  schema: z.ZodType<{ id: number }, { id: string | number }>,
): number {
  return parseWith(schema, { id: params['id'] }, 'params').id;
}
