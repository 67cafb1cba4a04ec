import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimitRule } from '../config';
import { HttpProblem } from './problem';

/**
 * A rate limit as a route hook: at most `rule.max` requests per window per key, else 429 with
 * Retry-After. Built on @fastify/rate-limit's createRateLimit (its store and clock) rather than its
 * route option, because a route here can carry two limits (per address and per account) and the
 * plugin's route hook runs only one limit per request.
 */
export type RateLimitKey = (
  request: FastifyRequest,
) => string | undefined | Promise<string | undefined>;

export const byAddress: RateLimitKey = (request) => request.ip;

export function rateLimitHook(
  app: FastifyInstance,
  enabled: boolean,
  name: string,
  rule: RateLimitRule,
  key: RateLimitKey,
) {
  const keys = new WeakMap<FastifyRequest, string>();
  const check = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowMs,
    keyGenerator: (request) => `${name}:${keys.get(request) ?? ''}`,
  });
  return async function rateLimited(request: FastifyRequest): Promise<void> {
    if (!enabled) return;
    const value = await key(request);
    if (value === undefined) return;
    keys.set(request, value);
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new HttpProblem(
        429,
        'Too many attempts; please try again later',
        `Try again in ${result.ttlInSeconds} seconds.`,
      ).withHeaders({ 'retry-after': String(result.ttlInSeconds) });
    }
  };
}
