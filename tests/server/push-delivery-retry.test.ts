import { describe, expect, it } from 'vitest';
import {
  nextStepAfterSend,
  PUSH_MAX_ATTEMPTS,
  retryAfterMs,
} from '../../server/modules/push/push-retry';

/** What the push sender does after each answer of a push service, and when it tries again. */

describe('retry schedule (push-retry.ts)', () => {
  it('2xx is done, 404 and 410 forget the device, other 4xx and redirects drop the message', () => {
    expect(nextStepAfterSend({ status: 201 }, 0)).toEqual({ step: 'done' });
    expect(nextStepAfterSend({ status: 410 }, 0)).toEqual({ step: 'forget-device' });
    expect(nextStepAfterSend({ status: 404 }, 3)).toEqual({ step: 'forget-device' });
    for (const status of [301, 400, 401, 403, 413]) {
      expect(nextStepAfterSend({ status }, 0).step).toBe('drop');
    }
  });

  it('429, 5xx and no answer wait longer each time, and give up after the last attempt', () => {
    const delays = [0, 1, 2, 3].map((before) => nextStepAfterSend({ status: 503 }, before));
    expect(delays).toEqual([
      { step: 'retry', attempts: 1, delayMs: 5_000 },
      { step: 'retry', attempts: 2, delayMs: 20_000 },
      { step: 'retry', attempts: 3, delayMs: 80_000 },
      { step: 'retry', attempts: 4, delayMs: 320_000 },
    ]);
    expect(nextStepAfterSend({ status: 429 }, PUSH_MAX_ATTEMPTS - 1).step).toBe('drop');
    expect(nextStepAfterSend({ status: null, stopped: false }, 0).step).toBe('retry');
    expect(nextStepAfterSend({ status: null, stopped: true }, 2)).toEqual({ step: 'release' });
  });

  it('honours a longer Retry-After, up to an hour', () => {
    expect(nextStepAfterSend({ status: 429, retryAfterMs: 120_000 }, 0)).toMatchObject({
      delayMs: 120_000,
    });
    expect(nextStepAfterSend({ status: 429, retryAfterMs: 1e9 }, 0)).toMatchObject({
      delayMs: 3_600_000,
    });
    expect(retryAfterMs('30', 0)).toBe(30_000);
    expect(retryAfterMs(new Date(60_000).toUTCString(), 0)).toBe(60_000);
    expect(retryAfterMs('soon', 0)).toBeUndefined();
    expect(retryAfterMs(null, 0)).toBeUndefined();
  });
});
