import { HttpResponse, http, type HttpResponseResolver, type PathParams } from 'msw';
import type { z } from 'zod';
import {
  bearerTokenOf,
  HTTP_PROBLEMS,
  inputProblem,
  MAX_BODY_BYTES,
  queryIsUtf8,
  type InputPart,
} from '../src/api/http-problems';
import { expectedVersionOf, IF_MATCH_HEADER, type ExpectedVersion } from '../src/api/preconditions';
import { problemIn, sayAgain } from '../src/api/english-again';
import { ApiProblem, PROBLEM_CONTENT_TYPE, settle } from '../src/api/problem';
import { withSchemaNames } from '../src/api/query-names';
import { termsAcceptanceRequired } from '../src/api/terms-schemas';
import { sayForRequest } from './i18n';
import { withMediaSession } from './media-session';
import { currentTerms, hasAcceptedCurrentTerms } from './store/lookups';
import { saveDb, syncDb } from './store/db';
import { exclusiveCall } from './store/persistence';
import { sweepTrash } from './store/rumination-changes';
import { userIdOfToken } from './store/tokens';

/**
 * Plumbing shared by every handler: problem details, auth, input, persistence. The problems of
 * HTTP itself and their words are the server's (src/api/http-problems.ts), so the SPA sees the
 * same answers in tests, in the demo and in production.
 */

/** A problem as the server answers it: in the request's language (Accept-Language). */
export async function problemResponse(problem: ApiProblem, request: Request): Promise<Response> {
  const said = problemIn(problem.toProblem(), await sayForRequest(request));
  return HttpResponse.json(said, {
    status: problem.status,
    headers: {
      ...problem.headers,
      'Content-Type': PROBLEM_CONTENT_TYPE,
      Vary: 'Accept-Language',
    },
  });
}

/** A success that says only a sentence (`{ message }`), in the request's language. */
export async function messageResponse(
  request: Request,
  english: string,
  status = 200,
): Promise<Response> {
  const message = sayAgain(english, await sayForRequest(request));
  return HttpResponse.json({ message }, { status, headers: { Vary: 'Accept-Language' } });
}

export function noContent(): Response {
  return new HttpResponse(null, { status: 204 });
}

type Method = 'get' | 'post' | 'put' | 'delete';
type Resolver = HttpResponseResolver<PathParams>;

/**
 * One handler under any origin (`* /api/...`). Problems thrown inside become problem details;
 * the store is re-read from and saved to browser storage around each call in the demo, one call
 * at a time across its tabs, and what has been in the trash past its retention is erased before
 * anything reads it.
 */
export function route(method: Method, path: string, resolver: Resolver) {
  return http[method](`*${path}`, (info) => exclusiveCall(() => answer(info, resolver)));
}

async function answer(
  info: Parameters<Resolver>[0],
  resolver: Resolver,
): Promise<Awaited<ReturnType<Resolver>>> {
  syncDb();
  sweepTrash();
  try {
    // First, as the server's first hook: a query string that is not UTF-8 is never read.
    if (!queryIsUtf8(info.request.url)) throw ApiProblem.of(HTTP_PROBLEMS.queryNotUtf8);
    const response = await resolver(info);
    // Signed-in answers carry the photo cookie, as the server's do (media-session.ts).
    return response instanceof Response ? withMediaSession(info.request, response) : response;
  } catch (error) {
    if (error instanceof ApiProblem) return await problemResponse(error, info.request);
    throw error;
  } finally {
    // Every call, GETs included: activation is a GET that writes.
    saveDb();
  }
}

/**
 * The caller's user id, or null when no token was sent. A token that was sent but is unknown or
 * revoked answers 401 even where signing in is optional, as the server does (the client then
 * signs out).
 */
export function optionalUser(request: Request): number | null {
  const token = settle(bearerTokenOf(request.headers.get('Authorization')));
  if (token === null) return null;
  const userId = userIdOfToken(token);
  if (userId === undefined) throw ApiProblem.of(HTTP_PROBLEMS.invalidToken);
  return userId;
}

export function requireUser(request: Request): number {
  const userId = optionalUser(request);
  if (userId === null) throw ApiProblem.of(HTTP_PROBLEMS.authenticationRequired);
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
    throw ApiProblem.of(termsAcceptanceRequired(currentTerms()?.version));
  }
}

export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  part: InputPart = 'body',
): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw ApiProblem.of(inputProblem(result.error.issues, part));
  return result.data;
}

/**
 * Reads and validates a JSON body. An empty body is no body (undefined), as the server's JSON
 * parser takes it: the schema then says what it lacks.
 */
export async function readBody<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<z.output<S>> {
  const text = await request.text();
  if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) {
    throw ApiProblem.of(HTTP_PROBLEMS.bodyTooLarge);
  }
  let value: unknown = undefined;
  if (text.trim() !== '') {
    try {
      value = JSON.parse(text);
    } catch {
      throw ApiProblem.of(HTTP_PROBLEMS.bodyNotJson);
    }
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

/**
 * The version a change was based on (`If-Match`; api-contract.md "Preconditions"): undefined
 * without the header, 400 when it is not a quoted version or `*`.
 */
export function readIfMatch(request: Request): ExpectedVersion {
  return settle(expectedVersionOf(request.headers.get(IF_MATCH_HEADER)));
}

/** A path parameter validated with the contract's params schema (`{ id }`). */
export function readId(
  params: Record<string, string | readonly string[] | undefined>,
  schema: z.ZodType<{ id: number }, { id: string | number }>,
): number {
  return parseWith(schema, { id: params['id'] }, 'params').id;
}
