import { describe, expect, test } from 'vitest';
import { ApiError } from '../../src/lib/api-error';
import { shouldRetry } from '../../src/lib/query-client';

describe('query retry policy', () => {
  test('does not retry client errors: asking again gives the same answer', () => {
    for (const status of [400, 401, 403, 404, 409, 429]) {
      expect(shouldRetry(0, new ApiError('no', status))).toBe(false);
    }
  });

  test('retries server and network failures a limited number of times', () => {
    expect(shouldRetry(0, new ApiError('down', 503))).toBe(true);
    expect(shouldRetry(1, new ApiError('offline', 0))).toBe(true);
    expect(shouldRetry(2, new ApiError('down', 503))).toBe(false);
  });

  test('does not retry a missing token', () => {
    expect(shouldRetry(0, new Error('No authentication token available'))).toBe(false);
  });
});
