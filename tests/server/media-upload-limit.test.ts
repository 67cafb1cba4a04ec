import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/config';
import { multipartBody, smallPng } from '../support/photo-fixtures';
import { person, type Person } from './ruminations-support';
import { authHeader, setUpTestApp } from './support/test-app';

/**
 * Photo uploads are rate limited per person (docs/operations.md "Rate limits"): every upload of an
 * instance waits for the same decode slots, so one account sending photos without end would hold
 * up everyone else's. The count is taken before the body is read.
 */

const t = setUpTestApp({
  config: {
    rateLimits: { ...DEFAULT_RATE_LIMITS, uploadsPerUser: { max: 2, windowMs: 60_000 } },
  },
});

async function upload(as: Person) {
  const { body, contentType } = multipartBody(await smallPng(), { filename: 'dot.png' });
  return t.app.inject({
    method: 'POST',
    url: '/api/media',
    payload: body,
    headers: { ...authHeader(as.token), 'content-type': contentType },
  });
}

describe('photo upload rate limit', () => {
  it('answers 429 with Retry-After past the limit, to that person only', async () => {
    const [one, two] = [await person(t), await person(t)];
    for (let i = 0; i < 2; i++) expect((await upload(one)).statusCode).toBe(201);
    const refused = await upload(one);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ status: 429 });
    expect((await upload(two)).statusCode).toBe(201);
  });

  it('counts nobody who is not signed in: that is a 401', async () => {
    const { body, contentType } = multipartBody(await smallPng());
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/media',
      payload: body,
      headers: { 'content-type': contentType },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
