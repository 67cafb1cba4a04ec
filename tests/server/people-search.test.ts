import { PostgresAdapter, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  createActiveUser,
  createTestApp,
  setUpTestApp,
  type TestApp,
} from './support/test-app';
import type { TestUser } from './support/test-users';

/** GET /api/users/search (contract: "Beyond the spec", People). */

const t = setUpTestApp();
let caller: TestUser;
beforeAll(async () => {
  caller = await createActiveUser(t.app, { username: 'alicia_caller' });
  for (const username of ['Zali', 'kalif', 'Alina', 'ali', 'bali', 'alice', 'a_b1', 'axb1']) {
    await createActiveUser(t.app, { username });
  }
  const pending = await createActiveUser(t.app, { username: 'alix_pending' });
  await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', pending.id).execute();
});

const search = (query: string, as: TestUser | null = caller) =>
  t.app.inject({
    method: 'GET',
    url: `/api/users/search?${query}`,
    headers: as ? authHeader(as.token) : {},
  });

const names = (body: unknown) => (body as { username: string }[]).map((u) => u.username);

describe('people search', () => {
  it('finds names containing q ignoring case: exact, then prefix, then the rest, each alphabetical', async () => {
    const res = await search('q=ALI');
    expect(res.statusCode).toBe(200);
    expect(names(res.json())).toEqual(['ali', 'alice', 'Alina', 'bali', 'kalif', 'Zali']);
  });

  it('answers ids and names only; leaves out the caller and accounts not activated', async () => {
    const res = await search('q=ali');
    const items = res.json() as Record<string, unknown>[];
    for (const item of items)
      expect(Object.keys(item).sort()).toEqual(['displayName', 'id', 'username']);
    expect(names(items)).not.toContain('alicia_caller');
    expect(names(items)).not.toContain('alix_pending');
    expect(res.body).not.toContain('@');
  });

  it('orders names by their bytes, as the mock does (`_` before letters)', async () => {
    await createActiveUser(t.app, { username: 'moa' });
    await createActiveUser(t.app, { username: 'mo_x' });
    expect(names((await search('q=mo')).json())).toEqual(['mo_x', 'moa']);
  });

  it('matches _ and % literally', async () => {
    expect(names((await search('q=a_b')).json())).toEqual(['a_b1']);
    expect(names((await search('q=a%25b')).json())).toEqual([]);
  });

  it('pages with Limit (at most 50) and matches the parameter names ignoring case', async () => {
    expect(names((await search('Q=ali&limit=2')).json())).toEqual(['ali', 'alice']);
    expect((await search('q=ali&Limit=51')).statusCode).toBe(400);
    expect((await search('q=ali&Limit=0')).statusCode).toBe(400);
  });

  it('refuses q shorter than 2 or longer than 32 characters, and a caller without a token', async () => {
    expect((await search('q=a')).statusCode).toBe(400);
    expect((await search('q=%20a%20')).statusCode).toBe(400);
    expect((await search(`q=${'a'.repeat(33)}`)).statusCode).toBe(400);
    expect((await search('')).statusCode).toBe(400);
    expect((await search('q=ali', null)).statusCode).toBe(401);
  });
});

describe('people search indexes', () => {
  it('SQLite: the FTS5 trigram index answers names containing q, and follows new names', async (context) => {
    if (t.db.getExecutor().adapter instanceof PostgresAdapter) return context.skip();
    const plan = await sql<{ detail: string }>`explain query plan
      select rowid from users_trigram where username_lower glob '*ali*'`.execute(t.db);
    expect(plan.rows.map((r) => r.detail).join('\n')).toMatch(/VIRTUAL TABLE INDEX/);
    await createActiveUser(t.app, { username: 'Newcomer_Ali' });
    expect(names((await search('q=comer_a')).json())).toEqual(['Newcomer_Ali']);
  });

  it('ignores accents in q, and matches the wildcards of GLOB literally', async () => {
    expect(names((await search('q=AL%C3%8F')).json())).toEqual(
      names((await search('q=ali')).json()),
    );
    expect(names((await search('q=ali*')).json())).toEqual([]);
    expect(names((await search('q=al%3F')).json())).toEqual([]);
  });
});

describe('people search on PostgreSQL', () => {
  it('has the trigram index for LIKE %q% and uses it', async (context) => {
    if (!(t.db.getExecutor().adapter instanceof PostgresAdapter)) return context.skip();
    const index = await sql<{ indexname: string }>`select indexname from pg_indexes
      where tablename = 'users' and indexname = 'users_username_lower_trgm'`.execute(t.db);
    expect(index.rows).toHaveLength(1);
    // In one transaction, with SET LOCAL: the setting then holds for the EXPLAIN alone, on the
    // pool's one connection that runs both, also behind PgBouncer in transaction mode.
    const plan = await t.db.transaction().execute(async (db) => {
      await sql`set local enable_seqscan = off`.execute(db);
      const explained = await sql<{ 'QUERY PLAN': string }>`explain select id from users
        where username_lower like '%ali%'`.execute(db);
      return explained;
    });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('users_username_lower_trgm');
  });
});

describe('people search rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      config: {
        rateLimits: { ...t.app.config.rateLimits, searchPerUser: { max: 3, windowMs: 60_000 } },
      },
    });
  });
  afterAll(() => limited.close());

  it('answers 429 with Retry-After after the limit, per user', async () => {
    const [one, two] = [
      await createActiveUser(limited.app, { username: 'searcher_one' }),
      await createActiveUser(limited.app, { username: 'searcher_two' }),
    ];
    const run = (who: TestUser) =>
      limited.app.inject({
        method: 'GET',
        url: '/api/users/search?q=sea',
        headers: authHeader(who.token),
      });
    for (let i = 0; i < 3; i++) expect((await run(one)).statusCode).toBe(200);
    const refused = await run(one);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await run(two)).statusCode).toBe(200);
  });
});
