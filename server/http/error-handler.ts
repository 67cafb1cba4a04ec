import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodFastifySchemaValidationError,
} from 'fastify-type-provider-zod';
import {
  HTTP_PROBLEMS,
  inputProblem,
  type InputIssue,
  type InputPart,
} from '../../src/api/http-problems';
import type { ProblemDetails } from '../../src/api/common';
import { problemIn } from '../../src/api/english-again';
import { ApiProblem, buildProblemDetails, PROBLEM_CONTENT_TYPE } from '../../src/api/problem';
import { isDatabaseUnavailable } from '../db/connection-errors';
import { sayForRequest } from '../i18n/say-for';
import { isSpaPage, sendSpaIndex } from './spa';

/**
 * The one place where errors become responses: every error, thrown by a route, a hook, Fastify
 * itself (bad JSON, body too large) or a plugin (rate limit), leaves as problem details. Bad input
 * is always a 4xx; a 5xx means a bug and is logged with its stack. Problems are written in English
 * (src/domain, src/api) and answered here in the request's language (api-contract.md
 * "Languages": Accept-Language, else English), title, detail and field messages alike.
 */

/**
 * Fastify's report of a failed schema as the shared issues (src/api/http-problems.ts words them):
 * its instancePath `/a/0/b` is zod's path.
 */
function inputIssue(issue: ZodFastifySchemaValidationError): InputIssue {
  return {
    path: issue.instancePath.split('/').filter((segment) => segment !== ''),
    code: issue.keyword,
    message: issue.message ?? 'Invalid value',
  };
}

/** A problem's body in the request's language, as problem+json (the one way problems leave). */
export function sendProblemDetails(
  request: FastifyRequest,
  reply: FastifyReply,
  problem: ProblemDetails,
) {
  const said = problemIn(problem, sayForRequest(request, reply));
  return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(said);
}

function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  title: string,
  detail?: string,
  errors?: Record<string, string[]>,
) {
  return sendProblemDetails(request, reply, buildProblemDetails(status, title, detail, errors));
}

/** Titles for the errors Fastify and its plugins raise themselves. */
function titleFor(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return HTTP_PROBLEMS.bodyNotJson.title;
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return HTTP_PROBLEMS.bodyEmpty.title;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return HTTP_PROBLEMS.bodyTooLarge.title;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return HTTP_PROBLEMS.notJsonType.title;
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return HTTP_PROBLEMS.contentLengthWrong.title;
    default:
      break;
  }
  if (error instanceof SyntaxError) return HTTP_PROBLEMS.bodyNotJson.title;
  if (status === 429) return HTTP_PROBLEMS.tooManyRequests.title;
  if (status === 404) return HTTP_PROBLEMS.notFound.title;
  if (status === 405) return HTTP_PROBLEMS.methodNotAllowed.title;
  if (status === 413) return HTTP_PROBLEMS.requestTooLarge.title;
  if (status === 415) return HTTP_PROBLEMS.unsupportedType.title;
  return HTTP_PROBLEMS.invalid.title;
}

/** `spaFallback`: GETs outside /api that match no route answer the SPA's index.html. */
export function installErrorHandling(app: FastifyInstance, spaFallback: boolean): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiProblem) {
      reply.headers(error.headers);
      return sendProblemDetails(request, reply, error.toProblem());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = (error as { validationContext?: InputPart }).validationContext ?? 'body';
      const problem = inputProblem(error.validation.map(inputIssue), part);
      return sendProblem(request, reply, problem.status, problem.title, undefined, problem.errors);
    }
    const fastifyError = error as Partial<FastifyError>;
    const status = fastifyError.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return sendProblem(request, reply, status, titleFor(fastifyError as FastifyError, status));
    }
    if (isDatabaseUnavailable(error)) {
      // The database, not the request, failed (a failover): the client may send it again. Written
      // or not (a commit whose answer was lost), a retry does not double it: new notes and
      // comments carry an Idempotency-Key, edits an If-Match.
      request.log.warn({ err: error }, 'The database is unavailable (a failover under way?)');
      void reply.header('retry-after', '5');
      const { status, title } = HTTP_PROBLEMS.unavailable;
      return sendProblem(request, reply, status, title);
    }
    request.log.error({ err: error }, 'Unhandled error');
    const { status: unexpected, title } = HTTP_PROBLEMS.unexpected;
    return sendProblem(request, reply, unexpected, title);
  });

  app.setNotFoundHandler((request, reply) => {
    if (spaFallback && isSpaPage(request)) return sendSpaIndex(reply);
    return sendProblem(
      request,
      reply,
      HTTP_PROBLEMS.notFound.status,
      HTTP_PROBLEMS.notFound.title,
      `No route for ${request.method} ${request.url.split('?')[0] ?? ''}`,
    );
  });
}
