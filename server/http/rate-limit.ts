import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimitRule } from '../config';
import { HTTP_PROBLEMS } from '../../src/api/http-problems';
import { ApiProblem } from '../../src/api/problem';
import { withDetail } from '../../src/domain/decision';
import type { CounterState } from './rate-counters';

/**
 * A rate limit as a route hook: at most `rule.max` requests per window per key, else 429 with
 * Retry-After. Counted in app.rateCounters (memory on SQLite, the shared table on PostgreSQL). A
 * route can carry several (per address and per account).
 */
export type RateLimitKey = (
  request: FastifyRequest,
) => string | undefined | Promise<string | undefined>;

export const byAddress: RateLimitKey = (request) => request.ip;

/** The answer to a request over a limit: 429 with the seconds until its window closes. */
export function tooManyAttempts(state: CounterState): ApiProblem {
  const seconds = Math.max(1, Math.ceil(state.resetInMs / 1000));
  // The detail's English is a FILLED_SENTENCES template (src/api/english-again.ts), translated
  // with its number where the problem is answered.
  return ApiProblem.of(
    withDetail(HTTP_PROBLEMS.tooManyAttempts, `Try again in ${seconds} seconds.`),
  ).withHeaders({ 'retry-after': String(seconds) });
}

export function rateLimitHook(
  app: FastifyInstance,
  enabled: boolean,
  name: string,
  rule: RateLimitRule,
  key: RateLimitKey,
) {
  return async function rateLimited(request: FastifyRequest): Promise<void> {
    if (!enabled) return;
    const value = await key(request);
    if (value === undefined) return;
    const state = await app.rateCounters.hit(`${name}:${value}`, rule.windowMs);
    if (state.count > rule.max) throw tooManyAttempts(state);
  };
}
