import { isSubscriptionGone } from '../../../src/domain/push-subscriptions';

/**
 * What to do with one device's message once its push service answered (or did not): RFC 8030
 * §7.3 (404 and 410 mean the subscription is gone for good) and the usual reading of 429 and 5xx
 * as "later". A pure function of the answer and the attempts so far, so its schedule is tested
 * without a network.
 */

/** Sends of one message before it is given up (the first included). */
export const PUSH_MAX_ATTEMPTS = 5;

/** The wait after the first failure; each further failure waits four times longer (5 s to 5 min). */
export const PUSH_RETRY_BASE_MS = 5_000;

/** The longest wait a push service's Retry-After may ask for; more is taken as this. */
export const PUSH_RETRY_MAX_MS = 60 * 60 * 1000;

/** A send's result: a status, or none (timeout, refused connection, DNS, TLS). */
export type SendResult =
  { status: number; retryAfterMs?: number | undefined } | { status: null; stopped: boolean };

export type NextStep =
  /** Delivered (2xx): the row goes. */
  | { step: 'done' }
  /** The device is gone: its subscription goes, and every message queued for it. */
  | { step: 'forget-device' }
  /** Not to be sent again: the row goes (a 4xx other than 404/410/429, a redirect, or given up). */
  | { step: 'drop'; reason: string }
  /** Again after `delayMs`, as attempt number `attempts` + 1. */
  | { step: 'retry'; attempts: number; delayMs: number }
  /** This instance is stopping: the claim is given back, the attempt not counted. */
  | { step: 'release' };

export function nextStepAfterSend(result: SendResult, attemptsBefore: number): NextStep {
  if (result.status === null && result.stopped) return { step: 'release' };
  const status = result.status;
  if (status !== null && status >= 200 && status < 300) return { step: 'done' };
  if (status !== null && isSubscriptionGone(status)) return { step: 'forget-device' };
  const transient = status === null || status === 429 || status >= 500;
  if (!transient) return { step: 'drop', reason: `push service answered ${status}` };
  const attempts = attemptsBefore + 1;
  if (attempts >= PUSH_MAX_ATTEMPTS) {
    return { step: 'drop', reason: `gave up after ${attempts} attempts` };
  }
  const backoff = PUSH_RETRY_BASE_MS * 4 ** (attempts - 1);
  const asked = result.status === null ? 0 : (result.retryAfterMs ?? 0);
  return {
    step: 'retry',
    attempts,
    delayMs: Math.min(Math.max(backoff, asked), PUSH_RETRY_MAX_MS),
  };
}

/** A Retry-After header (seconds, or an HTTP date) in milliseconds from `now`; undefined if none. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
