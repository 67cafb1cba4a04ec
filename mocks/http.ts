import { HttpResponse, http, type HttpResponseResolver, type PathParams } from 'msw';
import type { z } from 'zod';
import type { ProblemDetails } from '../src/api/common';
import { TOS_REQUIRED_TITLE } from '../src/api/terms-schemas';
import { hasAcceptedCurrentTerms, saveDb, userIdOfToken } from './store';

/** Plumbing shared by every handler: problem details, auth, lenient input, persistence. */

export const MAX_BODY_BYTES = 64 * 1024;

/** Thrown inside a handler to answer with problem details; caught by `route`. */
export class Problem extends Error {
  readonly status: number;
  readonly errors?: Record<string, string[]>;
  readonly detail?: string;

  constructor(
    status: number,
    title: string,
    extra: { detail?: string; errors?: Record<string, string[]> } = {},
  ) {
    super(title);
    this.status = status;
    if (extra.detail !== undefined) this.detail = extra.detail;
    if (extra.errors !== undefined) this.errors = extra.errors;
  }
}

export function problemResponse(problem: Problem): Response {
  const body: ProblemDetails = {
    type: 'about:blank',
    title: problem.message,
    status: problem.status,
  };
  if (problem.detail !== undefined) body.detail = problem.detail;
  if (problem.errors !== undefined) body.errors = problem.errors;
  return HttpResponse.json(body, {
    status: problem.status,
    headers: { 'Content-Type': 'application/problem+json' },
  });
}

export const notFound = (title = 'Not found') => new Problem(404, title);
export const forbidden = (title: string) => new Problem(403, title);
export const conflict = (title: string) => new Problem(409, title);
export const badRequest = (title: string) => new Problem(400, title);

export function noContent(): Response {
  return new HttpResponse(null, { status: 204 });
}

type Method = 'get' | 'post' | 'put' | 'delete';
type Resolver = HttpResponseResolver<PathParams>;

/**
 * One handler under any origin (`* /api/...`). Problems thrown inside become problem details;
 * writes are saved to browser storage in the demo.
 */
export function route(method: Method, path: string, resolver: Resolver) {
  return http[method](`*${path}`, async (info) => {
    try {
      const response = await resolver(info);
      return response;
    } catch (error) {
      if (error instanceof Problem) return problemResponse(error);
      throw error;
    } finally {
      if (method !== 'get') saveDb();
    }
  });
}

/** The caller's user id from the bearer token, or null (missing or unknown token). */
export function optionalUser(request: Request): number | null {
  const header = request.headers.get('Authorization') ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!match?.[1]) return null;
  return userIdOfToken(match[1].trim()) ?? null;
}

export function requireUser(request: Request): number {
  const userId = optionalUser(request);
  if (userId === null) throw new Problem(401, 'Authentication required');
  return userId;
}

/** Writes are refused while the caller has not accepted the current terms. */
export function requireTermsAccepted(userId: number): void {
  if (!hasAcceptedCurrentTerms(userId)) throw forbidden(TOS_REQUIRED_TITLE);
}

/** zod issues as `errors: { field: [message] }` with the first message as the title. */
export function validationProblem(error: z.ZodError): Problem {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    (errors[field] ??= []).push(issue.message);
  }
  const title = error.issues[0]?.message ?? 'Invalid request';
  return new Problem(400, title, { errors });
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationProblem(result.error);
  return result.data;
}

/** Reads and validates a JSON body; an empty body counts as `{}`. */
export async function readBody<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<z.output<S>> {
  const text = await request.text();
  if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) {
    throw new Problem(413, 'Request body is too large');
  }
  let value: unknown = {};
  if (text.trim() !== '') {
    try {
      value = JSON.parse(text);
    } catch {
      throw badRequest('Request body is not valid JSON');
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest('Request body must be a JSON object');
  }
  return parseWith(schema, value);
}

/**
 * Query parameters with their names matched ignoring case against the schema's keys
 * (`isPublic`, `IsPublic`, `ispublic` all count), then validated.
 */
export function readQuery<S extends z.ZodObject>(request: Request, schema: S): z.output<S> {
  const params = new URL(request.url).searchParams;
  const keys = Object.keys(schema.shape);
  const raw: Record<string, string> = {};
  for (const [name, value] of params) {
    const key = keys.find((k) => k.toLowerCase() === name.toLowerCase());
    if (key !== undefined && !(key in raw)) raw[key] = value;
  }
  return parseWith(schema, raw);
}

/** A path parameter validated with the contract's params schema (`{ id }`). */
export function readId(
  params: Record<string, string | readonly string[] | undefined>,
  schema: z.ZodType<{ id: number }, { id: string | number }>,
): number {
  return parseWith(schema, { id: params['id'] }).id;
}
