import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../scripts/support/server-process';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/open-database';
import type { Notification } from '../../src/api/notification-schemas';
import {
  createEmptyPostgresDatabase,
  poolerConsole,
  poolerUrlOf,
  testPoolerUrl,
  testPostgresUrl,
  withDatabase,
} from './support/test-database';
import { startInstance } from './support/server-instance';
import { openStream, requestFriendOn } from './support/instance-calls';
import { insertActiveUser } from './support/test-users';

/**
 * A deployment behind PgBouncer in transaction mode (scripts/pg/with-test-pgbouncer.sh, Debian's
 * PgBouncer 1.18, which keeps no prepared statements in that mode): two real server processes
 * configured as docs/operations.md says (DATABASE_URL through the pooler, DATABASE_LISTEN_URL
 * direct, PG_PREPARED_STATEMENTS=false). Proves that the set-up is what it claims: their migrations
 * race, run once and leave no lock behind on any connection, also when instances restart under
 * traffic; their queries pass PgBouncer while their LISTEN connections do not; live notifications
 * cross from one to the other; and no server connection is left with a prepared statement. The rest of the server suite runs through the same pooler (test-app.ts).
 */

const adminUrl = testPostgresUrl();

interface PoolerServer {
  database: string;
  remote_pid: number;
}

describe.skipIf(adminUrl === undefined || testPoolerUrl() === undefined)(
  'behind PgBouncer in transaction mode',
  () => {
    let name: string;
    let directUrl: string;
    let pooledUrl: string;
    let dropDatabase: (() => Promise<void>) | undefined;
    const secret = randomBytes(48).toString('base64');
    let a: RunningServer | undefined;
    let b: RunningServer | undefined;
    const aborts: AbortController[] = [];

    function createUser(): Promise<{ id: number; token: string }> {
      const username = `p_${randomBytes(4).toString('hex')}`;
      const jwtSecret = new TextEncoder().encode(secret);
      return withDatabase(pooledUrl, (db) => insertActiveUser(db, jwtSecret, { username }));
    }

    /** PgBouncer's server connections to the test database: the backends' process ids. */
    async function poolerBackends(): Promise<number[]> {
      const servers = await poolerConsole<PoolerServer>('show servers');
      return servers.filter((s) => s.database === name).map((s) => Number(s.remote_pid));
    }

    /** Rows of a statement on the server itself (its postgres database), not through the pooler. */
    async function onServer<Row extends object>(text: string, database = name): Promise<Row[]> {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      try {
        return (await admin.query<Row>(text, [database])).rows;
      } finally {
        await admin.end();
      }
    }

    /** An instance's settings behind PgBouncer (docs/operations.md), but for DATABASE_URL. */
    function instanceEnv(): Record<string, string> {
      return { DATABASE_LISTEN_URL: directUrl, PG_PREPARED_STATEMENTS: 'false' };
    }

    /**
     * The session advisory locks left on the test database: held by a backend outside any
     * transaction (a transaction's own locks, e.g. a sweep's pg_try_advisory_xact_lock, end with
     * it). One taken through the pooler stays on whichever server connection ran it after its
     * client has moved on, and the next instance's migrations would wait for it.
     */
    function advisoryLocks(database = name): Promise<{ pid: number }[]> {
      return onServer<{ pid: number }>(
        `select l.pid from pg_locks l join pg_stat_activity a on a.pid = l.pid
         where l.locktype = 'advisory' and a.state = 'idle'
         and l.database = (select oid from pg_database where datname = $1)`,
        database,
      );
    }

    /** Every migration is in the database once (none ran twice, none is missing). */
    async function expectEachMigrationOnce(url: string): Promise<void> {
      await withDatabase(url, async (db) => {
        const { rows } = await sql<{ name: string; n: number }>`
          select name, count(*)::int as n from kysely_migration group by name`.execute(db);
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) expect(row.n).toBe(1);
      });
    }

    beforeAll(async () => {
      ({ databaseUrl: directUrl, drop: dropDatabase } = await createEmptyPostgresDatabase(
        adminUrl!,
      ));
      name = new URL(directUrl).pathname.slice(1);
      pooledUrl = poolerUrlOf(directUrl)!;
      const env = instanceEnv();
      // Both at once on an empty database: their migrations race.
      [a, b] = await Promise.all([
        startInstance({ databaseUrl: pooledUrl, jwtSecret: secret, env }),
        startInstance({ databaseUrl: pooledUrl, jwtSecret: secret, env }),
      ]);
    }, 60_000);

    afterEach(() => {
      for (const controller of aborts.splice(0)) controller.abort();
    });

    afterAll(async () => {
      for (const controller of aborts.splice(0)) controller.abort();
      await Promise.all([a, b].map((instance) => instance?.stop()));
      await dropDatabase?.();
    }, 30_000);

    it('migrated the shared database exactly once, and left no lock held', async () => {
      await expectEachMigrationOnce(pooledUrl);
      expect(await advisoryLocks()).toEqual([]);
    });

    it('migrates through the pooler itself when no direct address is set: once, leaving no lock', async () => {
      // Kysely's own lock (a session lock around the migrations' transaction) stayed held on a
      // server connection in 4 of 8 such rounds; the app's is taken inside the transaction.
      const fresh = await createEmptyPostgresDatabase(adminUrl!);
      const freshName = new URL(fresh.databaseUrl).pathname.slice(1);
      const config = loadConfig({
        DATABASE_URL: poolerUrlOf(fresh.databaseUrl)!,
        PG_PREPARED_STATEMENTS: 'false',
      });
      try {
        // Two instances start at once, eight times; the first time on an empty database.
        for (let round = 0; round < 8; round++) {
          const started = await Promise.all([openDatabase(config), openDatabase(config)]);
          await Promise.all(started.map((db) => db.destroy()));
          expect(await advisoryLocks(freshName)).toEqual([]);
        }
        await expectEachMigrationOnce(fresh.databaseUrl);
      } finally {
        await fresh.drop();
      }
    }, 60_000);

    it('lets instances restart: their migrations wait for no lock and leave none', async () => {
      // An instance that starts runs the migrations (nothing left to do) while others serve.
      const bob = await createUser();
      let serving = true;
      const traffic = (async () => {
        while (serving) {
          await fetch(`${a!.baseURL}/api/auth/me`, {
            headers: { authorization: `Bearer ${bob.token}` },
          });
        }
      })();
      try {
        for (let restart = 0; restart < 5; restart++) {
          // What an instance that starts does (main.ts), configured as the two above.
          const db = await openDatabase(loadConfig({ ...instanceEnv(), DATABASE_URL: pooledUrl }));
          await db.destroy();
          expect(await advisoryLocks()).toEqual([]);
        }
      } finally {
        serving = false;
        await traffic;
      }
    });

    it('delivers within a second to a stream on A what was done through B', async () => {
      const bob = await createUser();
      const alice = await createUser();
      const onA = await openStream(a!, bob.token, aborts);
      const started = Date.now();
      const relation = await requestFriendOn(b!, alice.token, bob.id);
      await onA.until(() => onA.named('notification').length === 1, 1000, 'the notification');
      expect(Date.now() - started).toBeLessThan(1000);
      const n = JSON.parse(onA.named('notification')[0]!.data) as Notification;
      expect(n).toMatchObject({ kind: 'RelationRequested', relationId: relation.id });
    });

    it("runs the instances' queries through PgBouncer, and only their LISTEN connections directly", async () => {
      const bob = await createUser();
      const me = await fetch(`${b!.baseURL}/api/auth/me`, {
        headers: { authorization: `Bearer ${bob.token}` },
      });
      expect(me.status).toBe(200);
      const stats = await poolerConsole<{ database: string; total_query_count: string }>(
        'show stats',
      );
      const served = stats.find((s) => s.database === name);
      expect(Number(served?.total_query_count)).toBeGreaterThan(0);

      const viaPooler = new Set(await poolerBackends());
      expect(viaPooler.size).toBeGreaterThan(0);
      // The client backends on the test database.
      const seen = await onServer<{ pid: number; query: string }>(
        `select pid, query from pg_stat_activity
         where datname = $1 and backend_type = 'client backend'`,
      );
      const listeners = seen.filter((s) => /^listen /i.test(s.query));
      // One LISTEN connection per instance, neither of them one of PgBouncer's.
      expect(listeners).toHaveLength(2);
      for (const listener of listeners) expect(viaPooler.has(listener.pid)).toBe(false);
      // Every other backend on the database is a server connection of PgBouncer.
      const others = seen.filter((s) => !listeners.includes(s)).map((s) => s.pid);
      expect(others.filter((pid) => !viaPooler.has(pid))).toEqual([]);
    });

    it('leaves no prepared statement on any server connection of the pooler', async () => {
      // Traffic with parameters first (sign-ins, a note, a read), then the instances stop, so that
      // the connections checked below are exactly the pooler's, none taken by an instance meanwhile.
      const alice = await createUser();
      const created = await fetch(`${a!.baseURL}/api/ruminations`, {
        method: 'POST',
        headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          content: 'Through the pooler',
          audiences: [],
          publish: true,
        }),
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: number };
      const read = await fetch(`${b!.baseURL}/api/ruminations/${id}`, {
        headers: { authorization: `Bearer ${alice.token}` },
      });
      expect(read.status).toBe(200);
      await Promise.all([a, b].map((instance) => instance?.stop()));
      a = b = undefined;

      const servers = await poolerBackends();
      expect(servers.length).toBeGreaterThan(0);
      // As many transactions held open at once as the pooler has server connections: each holds
      // one of them, so together they look at every one.
      const clients = servers.map(() => new pg.Client({ connectionString: pooledUrl }));
      try {
        await Promise.all(clients.map((c) => c.connect()));
        const seen = await Promise.all(
          clients.map(async (c) => {
            await c.query('begin');
            const { rows } = await c.query<{ pid: number; prepared: number }>(
              'select pg_backend_pid() as pid, (select count(*)::int from pg_prepared_statements) as prepared',
            );
            return rows[0]!;
          }),
        );
        expect(new Set(seen.map((s) => s.pid))).toEqual(new Set(servers));
        expect(seen.map((s) => s.prepared)).toEqual(servers.map(() => 0));
        await Promise.all(clients.map((c) => c.query('commit')));
      } finally {
        await Promise.all(clients.map((c) => c.end()));
      }
    });
  },
);
