import { PostgresAdapter, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRef } from '../../src/api/common';
import { rankPeopleSearch } from '../../src/domain/people-search';
import { authHeader, createActiveUser, setUpTestApp } from './support/test-app';
import type { TestUser } from './support/test-users';

/**
 * People search over usernames and display names (contract: "Names people recognise"): one table
 * of expectations, asked of the server's SQL and of the shared rule the mock runs
 * (src/domain/people-search.ts `rankPeopleSearch`), so the two cannot drift.
 */

const t = setUpTestApp();

/** [username, display name]: every one activated, searchable by the caller. */
const PEOPLE: readonly (readonly [string, string])[] = [
  ['jnunez', 'José Núñez 🌻'],
  ['jose', 'Pepe'],
  ['joseph', 'joseph'],
  ['josefina_r', 'Josefina Ríos'],
  ['gma_1957', 'Grandma 🌻'],
  ['maryam', 'مريم'],
  ['star_user', 'Star*Power?'],
  ['brackets', '[Ali] al-Sayed'],
  ['pct_user', '100% sure_thing'],
  ['ali_b', 'Ali Baba'],
  ['Zed', 'zed'],
];

/** q, then the usernames expected, in order. */
const CASES: readonly (readonly [string, readonly string[]])[] = [
  // The username exact first; then names starting with it (one by its display name), by username.
  ['jose', ['jose', 'jnunez', 'josefina_r', 'joseph']],
  ['JOSÉ', ['jose', 'jnunez', 'josefina_r', 'joseph']],
  ['NUÑ', ['jnunez']],
  ['nunez', ['jnunez']],
  ['ríos', ['josefina_r']],
  ['a 🌻', ['gma_1957']],
  ['z 🌻', ['jnunez']],
  ['🌻🌻', []],
  ['مريم', ['maryam']],
  ['مري', ['maryam']],
  // The wildcards of GLOB and LIKE are plain characters of a display name.
  ['r*p', ['star_user']],
  ['er?', ['star_user']],
  ['r*', ['star_user']],
  ['[ali]', ['brackets']],
  ['ali', ['ali_b', 'brackets']],
  ['0% s', ['pct_user']],
  ['e_th', ['pct_user']],
  ['_user', ['pct_user', 'star_user']],
  ['ZED', ['Zed']],
  ['xyz', []],
];

let caller: TestUser;
const active: UserRef[] = [];

beforeAll(async () => {
  caller = await createActiveUser(t.app, { username: 'jose_caller', displayName: 'José Caller' });
  for (const [username, displayName] of PEOPLE) {
    const user = await createActiveUser(t.app, { username, displayName });
    active.push({ id: user.id, username, displayName });
  }
  const pending = await createActiveUser(t.app, {
    username: 'pending_jose',
    displayName: 'José Pending',
  });
  await t.db.updateTable('users').set({ is_active: 0 }).where('id', '=', pending.id).execute();
});

async function search(q: string, limit?: number): Promise<UserRef[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/users/search?q=${encodeURIComponent(q)}${limit ? `&Limit=${limit}` : ''}`,
    headers: authHeader(caller.token),
  });
  expect(res.statusCode).toBe(200);
  return res.json<UserRef[]>();
}

describe('people search by username or display name', () => {
  it.each(CASES)('q=%j finds %j, as the shared rule does', async (q, expected) => {
    const found = await search(q);
    expect(found.map((u) => u.username)).toEqual(expected);
    expect(rankPeopleSearch(active, q, 20).map((u) => u.username)).toEqual(expected);
    // Items are people as the API shows them everywhere.
    for (const item of found) expect(active).toContainEqual(item);
  });

  it('counts an emoji as one character: alone it is too short a query (400)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/search?q=${encodeURIComponent('🌻')}`,
      headers: authHeader(caller.token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { q: ['Search for at least 2 characters'] } });
  });

  it('leaves out the caller and accounts not activated, and cuts at Limit', async () => {
    const names = (await search('jose', 2)).map((u) => u.username);
    expect(names).toEqual(['jose', 'jnunez']);
    const all = (await search('José')).map((u) => u.username);
    expect(all).not.toContain('jose_caller');
    expect(all).not.toContain('pending_jose');
  });

  it('follows a changed display name, and forgets the old one', async () => {
    const renamed = await createActiveUser(t.app, { username: 'renamed_one' });
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/account/profile',
      headers: authHeader(renamed.token),
      payload: { displayName: 'Émilie Zola', bio: '' },
    });
    expect(put.statusCode).toBe(200);
    expect((await search('emilie')).map((u) => u.username)).toEqual(['renamed_one']);
    await t.app.inject({
      method: 'PUT',
      url: '/api/account/profile',
      headers: authHeader(renamed.token),
      payload: { displayName: 'Someone Else', bio: '' },
    });
    expect(await search('emilie')).toEqual([]);
    expect((await search('someone')).map((u) => u.username)).toEqual(['renamed_one']);
  });
});

describe('the display name index', () => {
  it('SQLite: the FTS5 trigram table of folded display names serves GLOB, escaped wildcards too', async (context) => {
    if (t.db.getExecutor().adapter instanceof PostgresAdapter) return context.skip();
    const plan = await sql<{ detail: string }>`explain query plan
      select rowid from users_name_trigram where display_name_fold glob '*r[*]p*'`.execute(t.db);
    expect(plan.rows.map((r) => r.detail).join('\n')).toMatch(/VIRTUAL TABLE INDEX/);
  });

  it('PostgreSQL: pg_trgm indexes both columns, and a search uses them', async (context) => {
    if (!(t.db.getExecutor().adapter instanceof PostgresAdapter)) return context.skip();
    // In one transaction, with SET LOCAL: the setting then holds for the EXPLAIN alone, on the
    // pool's one connection that runs both, also behind PgBouncer in transaction mode.
    const plan = await t.db.transaction().execute(async (db) => {
      await sql`set local enable_seqscan = off`.execute(db);
      const explained = await sql<{ 'QUERY PLAN': string }>`explain select id from users
        where username_lower like '%nunez%' or display_name_fold like '%nunez%'`.execute(db);
      return explained;
    });
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('users_username_lower_trgm');
    expect(text).toContain('users_display_name_fold_trgm');
  });
});
