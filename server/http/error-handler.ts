import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import { ApiProblem, buildProblemDetails, PROBLEM_CONTENT_TYPE } from '../../src/api/problem';
import { isSpaPage, sendSpaIndex } from './spa';

/**
 * The one place where errors become responses: every error, thrown by a route, a hook, Fastify
 * itself (bad JSON, body too large) or a plugin (rate limit), leaves as problem details. Bad input
 * is always a 4xx; a 5xx means a bug and is logged with its stack.
 */

const CONTEXT_TITLES: Record<string, string> = {
  querystring: 'The query parameters are invalid',
  params: 'The path parameters are invalid',
  headers: 'The request headers are invalid',
};

/** "newPassword" → "New password", for "... is required" messages. */
function humanize(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function validationErrors(
  issues: ZodFastifySchemaValidationError[],
  context: string,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || context;
    const lastSegment = field.split('.').pop() ?? field;
    // zod's message for a missing field ("expected string, received undefined") means nothing
    // to a person; say which field is required instead, in the spec's words.
    const raw = issue.message ?? 'Invalid value';
    const atRoot = field === context;
    const message =
      issue.keyword !== 'invalid_type'
        ? raw
        : atRoot
          ? context === 'body'
            ? 'The request body must be a JSON object'
            : raw
          : /received undefined$/.test(raw)
            ? `${humanize(lastSegment)} is required`
            : raw;
    (errors[field] ??= []).push(message);
  }
  return errors;
}

function sendProblem(
  reply: FastifyReply,
  status: number,
  title: string,
  detail?: string,
  errors?: Record<string, string[]>,
) {
  return reply
    .code(status)
    .type(PROBLEM_CONTENT_TYPE)
    .send(buildProblemDetails(status, title, detail, errors));
}

/** Titles for the errors Fastify and its plugins raise themselves. */
function titleFor(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large (at most 64 KiB)';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type; send application/json';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The Content-Length header does not match the body';
    default:
      break;
  }
  if (error instanceof SyntaxError) return 'The request body is not valid JSON';
  if (status === 429) return 'Too many requests; please try again later';
  if (status === 404) return 'Not found';
  if (status === 405) return 'Method not allowed';
  if (status === 413) return 'The request is too large';
  if (status === 415) return 'Unsupported content type';
  return 'The request is invalid';
}

/** `spaFallback`: GETs outside /api that match no route answer the SPA's index.html. */
export function installErrorHandling(app: FastifyInstance, spaFallback: boolean): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiProblem) {
      reply.headers(error.headers);
      return sendProblem(reply, error.status, error.title, error.detail, error.errors);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext ?? 'body';
      const errors = validationErrors(error.validation, context);
      const first = Object.values(errors)[0]?.[0];
      const title =
        CONTEXT_TITLES[context] ?? (first !== undefined ? first : 'The request body is invalid');
      return sendProblem(reply, 400, title, undefined, errors);
    }
    const fastifyError = error as Partial<FastifyError>;
    const status = fastifyError.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return sendProblem(reply, status, titleFor(fastifyError as FastifyError, status));
    }
    request.log.error({ err: error }, 'Unhandled error');
    return sendProblem(reply, 500, 'An unexpected error occurred');
  });

  app.setNotFoundHandler((request, reply) => {
    if (spaFallback && isSpaPage(request)) return sendSpaIndex(reply);
    return sendProblem(
      reply,
      404,
      'Not found',
      `No route for ${request.method} ${request.url.split('?')[0] ?? ''}`,
    );
  });
}
