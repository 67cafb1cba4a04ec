import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRateCounters,
  MemoryRateCounters,
  PostgresRateCounters,
} from '../../server/http/rate-counters';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/**
 * The counters behind the rate limits, with a clock of our own: the same behaviour in memory
 * (SQLite) and in the shared table (PostgreSQL, when the suite runs against it).
 */

let testDb: TestDatabase;
let now = 1_000_000;
const clock = () => now;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.destroy());

function counters() {
  const chosen = createRateCounters(testDb.db);
  return chosen instanceof PostgresRateCounters
    ? new PostgresRateCounters(testDb.db, clock)
    : new MemoryRateCounters(clock);
}

describe('rate counters', () => {
  it('counts hits in a window that opens with the first and closes windowMs later', async () => {
    const c = counters();
    const key = `k-${Math.random()}`;
    expect(await c.hit(key, 1000)).toEqual({ count: 1, resetInMs: 1000 });
    now += 400;
    expect(await c.hit(key, 1000)).toEqual({ count: 2, resetInMs: 600 });
    expect((await c.read([key])).get(key)).toEqual({ count: 2, resetInMs: 600 });
    now += 600;
    expect((await c.read([key])).get(key)).toEqual({ count: 0, resetInMs: 0 });
    expect(await c.hit(key, 1000)).toEqual({ count: 1, resetInMs: 1000 });
  });

  it('counts concurrent hits once each', async () => {
    const c = counters();
    const key = `c-${Math.random()}`;
    const results = await Promise.all(Array.from({ length: 20 }, () => c.hit(key, 60_000)));
    expect(results.map((r) => r.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('clears keys and every key under a prefix, and nothing else', async () => {
    const c = counters();
    const base = `p-${Math.random()}`;
    for (const key of [base, `${base}:from:1`, `${base}:from:2`, `${base}x`, `${base}_%`]) {
      await c.hit(key, 60_000);
    }
    await c.clear([base], [`${base}:from:`]);
    const states = await c.read([
      base,
      `${base}:from:1`,
      `${base}:from:2`,
      `${base}x`,
      `${base}_%`,
    ]);
    expect([...states.values()].map((s) => s.count)).toEqual([0, 0, 0, 1, 1]);
  });
});
