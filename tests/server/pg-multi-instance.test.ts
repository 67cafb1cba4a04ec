import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../scripts/support/server-process';
import { hashPassword } from '../../server/credentials/password';
import {
  createEmptyPostgresDatabase,
  testPostgresUrl,
  withDatabase,
} from './support/test-database';
import { callInstance } from './support/instance-calls';
import { startInstance } from './support/server-instance';
import { insertActiveUser } from './support/test-users';

/**
 * Two real server processes (server/main.ts through tsx; `npm start` runs the same code bundled) over one PostgreSQL database,
 * started at the same moment (so their migrations race, as when a deployment scales out). Separate
 * processes on purpose: in one process, module-level state would be shared and hide anything an
 * instance keeps in its own memory.
 */

const adminUrl = testPostgresUrl();
/** One proxy hop trusted: the rate-limit test gives each of its calls a client address. */
const TRUSTED_PROXY = { TRUST_PROXY: '1' };

const call = callInstance;

describe.skipIf(adminUrl === undefined)('several instances over one PostgreSQL', () => {
  let databaseUrl: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  let a: RunningServer;
  let b: RunningServer;
  const secret = randomBytes(48).toString('base64');
  const password = 'correct horse battery';

  /** An active user who accepted the current terms, written straight to the shared database. */
  async function createUser(username: string): Promise<number> {
    const passwordHash = await hashPassword(password);
    const jwtSecret = new TextEncoder().encode(secret);
    const { id } = await withDatabase(databaseUrl, (db) =>
      insertActiveUser(db, jwtSecret, { username, passwordHash }),
    );
    return id;
  }

  async function logIn(instance: RunningServer, username: string): Promise<string> {
    const res = await call(instance, 'POST', '/api/auth/login', undefined, { username, password });
    expect(res.status).toBe(200);
    return (res.json as { accessToken: string }).accessToken;
  }

  beforeAll(async () => {
    ({ databaseUrl, drop: dropDatabase } = await createEmptyPostgresDatabase(adminUrl!));
    // Both at once on an empty database: their migrations race.
    [a, b] = await Promise.all([
      startInstance({ databaseUrl, jwtSecret: secret, env: TRUSTED_PROXY }),
      startInstance({ databaseUrl, jwtSecret: secret, env: TRUSTED_PROXY }),
    ]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map((instance) => instance.stop()));
    await dropDatabase?.();
  }, 30_000);

  it('migrated the shared database exactly once', async () => {
    await withDatabase(databaseUrl, async (db) => {
      const { rows } = await sql<{ name: string; n: number }>`
        select name, count(*) as n from kysely_migration group by name`.execute(db);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.n).toBe(1);
      const terms = await db.selectFrom('terms_versions').select('version').execute();
      expect(terms).toHaveLength(1);
    });
  });

  it('accepts on one instance a token issued by the other', async () => {
    const id = await createUser(`multi_${randomBytes(3).toString('hex')}`);
    const token = await logIn(a, (await userName(id))!);
    const me = await call(b, 'GET', '/api/auth/me', token);
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ id });
  });

  it('reads through one instance what was written through the other', async () => {
    const authorId = await createUser(`author_${randomBytes(3).toString('hex')}`);
    const friendId = await createUser(`friend_${randomBytes(3).toString('hex')}`);
    const authorOnA = await logIn(a, (await userName(authorId))!);
    const friendOnB = await logIn(b, (await userName(friendId))!);

    const created = await call(a, 'POST', '/api/ruminations', authorOnA, {
      content: 'Written through instance A',
      audiences: ['Friend'],
      publish: true,
    });
    expect(created.status).toBe(201);
    const ruminationId = (created.json as { id: number }).id;

    // The author reads it back through B.
    const own = await call(b, 'GET', `/api/ruminations/${ruminationId}`, authorOnA);
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ id: ruminationId, content: 'Written through instance A' });

    // Friends only: hidden from the other user until a relation requested on B is accepted on A.
    expect((await call(b, 'GET', `/api/ruminations/${ruminationId}`, friendOnB)).status).toBe(404);
    const requested = await call(b, 'POST', '/api/UserRelations', friendOnB, {
      userId: authorId,
      relationType: 2,
    });
    expect(requested.status).toBe(201);
    const relationId = (requested.json as { id: number }).id;
    const accepted = await call(a, 'PUT', `/api/UserRelations/${relationId}/accept`, authorOnA);
    expect(accepted.status).toBe(200);

    const feed = await call(b, 'GET', '/api/ruminations/feed', friendOnB);
    expect(feed.status).toBe(200);
    expect((feed.json as { id: number }[]).map((r) => r.id)).toContain(ruminationId);

    // A comment written through B is listed through A.
    const comment = await call(b, 'POST', '/api/comments', friendOnB, {
      ruminationId,
      content: 'Seen from B',
    });
    expect(comment.status).toBe(201);
    const comments = await call(a, 'GET', `/api/comments/rumination/${ruminationId}`, authorOnA);
    expect(comments.status).toBe(200);
    expect(JSON.stringify(comments.json)).toContain('Seen from B');
  });

  it('revokes a token on every instance when the token version changes', async () => {
    const id = await createUser(`revoked_${randomBytes(3).toString('hex')}`);
    const token = await logIn(a, (await userName(id))!);
    expect((await call(b, 'GET', '/api/auth/me', token)).status).toBe(200);
    // What a password reset through either instance does.
    await withDatabase(databaseUrl, (db) =>
      sql`update users set token_version = token_version + 1 where id = ${id}`.execute(db),
    );
    expect((await call(a, 'GET', '/api/auth/me', token)).status).toBe(401);
    expect((await call(b, 'GET', '/api/auth/me', token)).status).toBe(401);
  });

  it('shares rate limits: 25 sign-in attempts spread over both reach the limit of one', async () => {
    const address = `203.0.113.${1 + Math.floor(Math.random() * 250)}`;
    // Different names each time: only the per-address limit (25 in 5 minutes) is in play.
    const attempt = (instance: RunningServer, i: number) =>
      call(
        instance,
        'POST',
        '/api/auth/login',
        undefined,
        { username: `nobody_${i}_${randomBytes(2).toString('hex')}`, password: 'wrong-guess' },
        address,
      );
    for (let i = 0; i < 25; i++) expect((await attempt(i % 2 ? a : b, i)).status).toBe(401);
    // Each instance has seen 12 or 13: on their own they would let this through.
    for (const instance of [a, b]) {
      const over = await attempt(instance, 99);
      expect(over.status).toBe(429);
      expect(Number(over.retryAfter)).toBeGreaterThan(0);
    }
  });

  it('shares the count of wrong passwords of one account and address', async () => {
    const id = await createUser(`guarded_${randomBytes(3).toString('hex')}`);
    const username = (await userName(id))!;
    const address = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
    const tryPassword = (instance: RunningServer, pw: string, from = address) =>
      call(instance, 'POST', '/api/auth/login', undefined, { username, password: pw }, from);
    for (let i = 0; i < 10; i++)
      expect((await tryPassword(i % 2 ? a : b, 'nope-nope')).status).toBe(401);
    expect((await tryPassword(a, password)).status).toBe(429);
    expect((await tryPassword(b, password)).status).toBe(429);
    // The owner, elsewhere, is not locked out.
    expect((await tryPassword(b, password, '192.0.2.77')).status).toBe(200);
  });

  async function userName(id: number): Promise<string | undefined> {
    const row = await withDatabase(databaseUrl, (db) =>
      db.selectFrom('users').select('username').where('id', '=', id).executeTakeFirst(),
    );
    return row?.username;
  }
});
