import type { FastifyInstance } from 'fastify';
import { sayAgain } from '../../src/api/english-again';
import { sayForRequest } from './say-for';

/**
 * A success that carries only a sentence (`{ message }`: "Account created. Please check your
 * email ...", api-contract.md "Accounts") is answered in the request's language, as problems are
 * (http/error-handler.ts): the routes write the English, this hook says it for every route.
 */
export function installMessageLanguages(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, reply, payload: unknown) => {
    if (!isMessageOnly(payload)) return payload;
    return { message: sayAgain(payload.message, sayForRequest(request, reply)) };
  });
}

function isMessageOnly(payload: unknown): payload is { message: string } {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return false;
  const keys = Object.keys(payload);
  return (
    keys.length === 1 &&
    keys[0] === 'message' &&
    typeof (payload as { message: unknown }).message === 'string'
  );
}
