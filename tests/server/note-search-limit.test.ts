import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../server/config';
import { setUpTestApp } from './support/test-app';
import { call, person, writeRumination, type Person } from './ruminations-support';

/**
 * A search of one's notes (GET /api/ruminations/my?q=) reads every note a word starts, up to 200
 * characters of words: rate limited like the other reads a script could scrape (people search,
 * contract "People"), per signed-in user. A plain page of one's notes is not a search.
 */

const t = setUpTestApp({
  config: {
    rateLimits: { ...DEFAULT_RATE_LIMITS, searchPerUser: { max: 3, windowMs: 60_000 } },
  },
});

const my = (as: Person, query: string) => call(t, 'GET', `/api/ruminations/my${query}`, { as });

describe('note search rate limit', () => {
  it('answers 429 with Retry-After after the limit, per user', async () => {
    const [one, two] = [await person(t), await person(t)];
    await writeRumination(t, one, { content: 'rain on the window' });
    const long = encodeURIComponent('rain window '.repeat(16).trim());
    for (let i = 0; i < 3; i++) expect((await my(one, `?q=${long}`)).statusCode).toBe(200);
    const refused = await my(one, '?q=rain');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ status: 429 });
    expect((await my(two, '?q=rain')).statusCode).toBe(200);
  });

  it('counts searches only: plain pages, and a q with no word, are not searches', async () => {
    const reader = await person(t);
    for (let i = 0; i < 5; i++) {
      expect((await my(reader, '')).statusCode).toBe(200);
      expect((await my(reader, '?q=%21%21%21')).statusCode).toBe(200);
    }
    expect((await my(reader, '?q=rain')).statusCode).toBe(200);
  });

  it('keeps its own count, apart from people search', async () => {
    const searcher = await person(t);
    for (let i = 0; i < 3; i++) {
      const people = await call(t, 'GET', '/api/users/search?q=zz', { as: searcher });
      expect(people.statusCode).toBe(200);
    }
    expect((await my(searcher, '?q=rain')).statusCode).toBe(200);
  });

  it('refuses bad input and strangers before counting', async () => {
    const careful = await person(t);
    for (let i = 0; i < 4; i++) {
      expect((await my(careful, `?q=${'a'.repeat(201)}`)).statusCode).toBe(400);
      expect((await call(t, 'GET', '/api/ruminations/my?q=rain')).statusCode).toBe(401);
    }
    expect((await my(careful, '?q=rain')).statusCode).toBe(200);
  });
});
