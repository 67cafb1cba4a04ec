import { execFile, execFileSync } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../scripts/support/repo-root';
import { shellAssignments } from '../../scripts/support/shell-assignments';
import { NoPrimaryError } from '../../server/db/connection-errors';
import { nodePostgresPool } from '../../server/db/postgres-dialect';
import {
  connectToPrimary,
  createPrimaryFollowingPool,
} from '../../server/db/primary-following-pool';
import { isMultiHostUrl, singleHostUrls } from '../../server/db/postgres-url';
import { testPostgresUrl } from './support/test-database';

/**
 * node-postgres over a multi-host address (server/db/primary-following-pool.ts): connections of
 * whichever node is the primary, found again after a failover. First against stand-in pools (which
 * node is asked, how often), then against two real clusters, a primary and its streaming standby,
 * the standby listed first, promoted once the primary is stopped.
 */

const MULTI = 'postgres://app:secret@h1:5432,h2:5433/ruminations?target_session_attrs=read-write';

describe('multi-host addresses', () => {
  it('tells a host list from one host', () => {
    expect(isMultiHostUrl(MULTI)).toBe(true);
    expect(isMultiHostUrl('postgres://app@h1:5432/ruminations')).toBe(false);
    expect(isMultiHostUrl('file.sqlite')).toBe(false);
  });

  it('gives one address per host, with the same user, database and parameters', () => {
    expect(singleHostUrls(`${MULTI}&application_name=web`)).toEqual([
      'postgres://app:secret@h1:5432/ruminations?application_name=web',
      'postgres://app:secret@h2:5433/ruminations?application_name=web',
    ]);
    expect(singleHostUrls('postgresql://h1,h2/db')).toEqual([
      'postgresql://h1/db',
      'postgresql://h2/db',
    ]);
  });
});

/** A stand-in for one node's pg.Pool: its role, and the statements its connections were sent. */
class FakeNode {
  inRecovery = false;
  refuses = false;
  readonly sent: string[] = [];
  readonly destroyed: unknown[] = [];
  private readonly idle: pg.PoolClient[] = [];

  readonly pool = {
    connect: () => {
      if (this.refuses) return Promise.reject(new Error('connect ECONNREFUSED'));
      return Promise.resolve(this.idle.pop() ?? this.newClient());
    },
    end: () => Promise.resolve(),
  } as unknown as pg.Pool;

  private newClient(): pg.PoolClient {
    const client = {
      query: (text: string) => {
        this.sent.push(text);
        if (text.includes('transaction_read_only'))
          return Promise.resolve({ rows: [{ read_write: !this.inRecovery }] });
        if (this.inRecovery) {
          const error = new Error('cannot execute INSERT in a read-only transaction');
          return Promise.reject(Object.assign(error, { code: '25006' }));
        }
        return Promise.resolve({ rows: [], command: 'SELECT', rowCount: 0 });
      },
      on: () => client,
      off: () => client,
      release: (destroy?: unknown) => {
        if (destroy) this.destroyed.push(destroy);
        else this.idle.push(client);
      },
    } as unknown as pg.PoolClient;
    return client;
  }

  checks(): number {
    return this.sent.filter((text) => text.includes('transaction_read_only')).length;
  }
}

function fakeGroup(searchMs = 1_000) {
  const nodes = [new FakeNode(), new FakeNode()];
  const byUrl = new Map(singleHostUrls(MULTI).map((url, i) => [url, nodes[i]!]));
  const pool = createPrimaryFollowingPool(MULTI, (url) => byUrl.get(url)!.pool, {
    searchMs,
    firstBackoffMs: 10,
  });
  return { nodes: nodes as [FakeNode, FakeNode], pool };
}

async function run(pool: ReturnType<typeof createPrimaryFollowingPool>, text: string) {
  const client = await pool.connect();
  try {
    await client.query(text, []);
  } finally {
    client.release();
  }
}

describe('the primary-following pool', () => {
  it("hands out the primary's connections, each checked once, not at every checkout", async () => {
    const { nodes, pool } = fakeGroup();
    nodes[0].inRecovery = true;
    for (let i = 0; i < 5; i++) await run(pool, 'insert 1');
    expect(nodes[1].sent.filter((text) => text === 'insert 1')).toHaveLength(5);
    expect(nodes[1].checks()).toBe(1);
    // The standby was asked once, its connection closed, and not asked again while node 2 answers.
    expect(nodes[0].checks()).toBe(1);
    expect(nodes[0].destroyed).toHaveLength(1);
  });

  it('moves on from a node that refuses connections', async () => {
    const { nodes, pool } = fakeGroup();
    nodes[0].refuses = true;
    await run(pool, 'insert 1');
    expect(nodes[1].sent).toContain('insert 1');
  });

  it('notices a demotion (25006) and finds the new primary at the next connect', async () => {
    const { nodes, pool } = fakeGroup();
    await run(pool, 'insert 1');
    expect(nodes[0].sent).toContain('insert 1');
    // Failover: node 1 is a standby now, node 2 the primary. The idle connection was checked
    // before: the failed write discards it, and the next connect checks node 1 again.
    nodes[0].inRecovery = true;
    await expect(run(pool, 'insert 2')).rejects.toMatchObject({ code: '25006' });
    expect(nodes[0].destroyed).toHaveLength(1);
    await run(pool, 'insert 3');
    expect(nodes[1].sent).toContain('insert 3');
  });

  it('waits for a primary for a bounded time, then throws NoPrimaryError', async () => {
    const { nodes, pool } = fakeGroup(300);
    nodes[0].refuses = true;
    nodes[1].inRecovery = true;
    const started = Date.now();
    await expect(run(pool, 'insert 1')).rejects.toBeInstanceOf(NoPrimaryError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(Date.now() - started).toBeLessThan(1_000);
    // A promotion during the wait is found.
    const waiting = run(pool, 'insert 2');
    setTimeout(() => (nodes[1].inRecovery = false), 100);
    await waiting;
    expect(nodes[1].sent).toContain('insert 2');
  });
});

const SCRIPTS = path.join(REPO_ROOT, 'scripts/pg');

/** Runs one of scripts/pg and reads the NAME=value lines it prints. */
function runScript(script: string, ...args: string[]): Record<string, string> {
  return shellAssignments(
    execFileSync('bash', [path.join(SCRIPTS, script), ...args], { encoding: 'utf8' }),
  );
}

/** pg_ctl, run without blocking this process: its connections see the server go meanwhile. */
async function pgCtl(...args: string[]): Promise<void> {
  const bin = execFileSync('bash', [path.join(SCRIPTS, 'find-postgres-bin.sh')], {
    encoding: 'utf8',
  }).trim();
  const command = [path.join(bin, 'pg_ctl'), ...args];
  // PostgreSQL refuses to run as root: the clusters belong to the postgres user then.
  if (process.getuid?.() === 0)
    await execFileAsync('runuser', ['-u', 'postgres', '--', ...command]);
  else await execFileAsync(command[0]!, command.slice(1));
}
const execFileAsync = promisify(execFile);

const portOf = (url: string) => Number(/:(\d+)\//.exec(url)?.[1]);

describe.skipIf(testPostgresUrl() === undefined)('following a real failover', () => {
  let primary: Record<string, string>;
  let standby: Record<string, string>;
  let db: Kysely<{ writes: { id: number; label: string } }>;

  beforeAll(() => {
    // A throw-away primary of its own (the shared test server is not to be stopped).
    primary = runScript('start-test-postgres.sh');
    standby = runScript('start-test-replica.sh', primary['DATABASE_URL']!);
    const host = (url: string) => `127.0.0.1:${portOf(url)}`;
    const url =
      `postgres://postgres@${host(standby['DATABASE_URL']!)},${host(primary['DATABASE_URL']!)}` +
      `/postgres?target_session_attrs=read-write`;
    const pool = createPrimaryFollowingPool(url, (hostUrl) =>
      nodePostgresPool(hostUrl, { pgPoolMax: 3 }),
    );
    db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  }, 60_000);

  afterAll(async () => {
    await db?.destroy();
    for (const cluster of [standby, primary]) {
      if (cluster?.['PG_TEST_DIR'] !== undefined)
        execFileSync('bash', [path.join(SCRIPTS, 'stop-test-postgres.sh'), cluster['PG_TEST_DIR']]);
    }
  }, 60_000);

  /** A statement on the standby itself (its own session, outside the pool). */
  async function onStandby(text: string): Promise<void> {
    const client = new pg.Client({ connectionString: standby['DATABASE_URL'] });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  }

  const serverPort = async () =>
    (await sql<{ port: number }>`select inet_server_port() as port`.execute(db)).rows[0]?.port;

  it('writes to the primary though the standby is listed first', async () => {
    await sql`create table writes (id int primary key, label text not null)`.execute(db);
    await db.insertInto('writes').values({ id: 1, label: 'before' }).execute();
    expect(await serverPort()).toBe(portOf(primary['DATABASE_URL']!));
  });

  it('the LISTEN connection of a host list is the primary too', async () => {
    const url = `postgres://postgres@127.0.0.1:${portOf(standby['DATABASE_URL']!)},127.0.0.1:${portOf(primary['DATABASE_URL']!)}/postgres`;
    const client = await connectToPrimary(url, (hostUrl) => {
      const candidate = new pg.Client({ connectionString: hostUrl });
      candidate.on('error', () => undefined);
      return candidate;
    });
    try {
      const { rows } = await client.query<{ port: number }>('select inet_server_port() as port');
      expect(rows[0]?.port).toBe(portOf(primary['DATABASE_URL']!));
    } finally {
      await client.end();
    }
  });

  it('after the primary stops and the standby is promoted, writes go to the new primary once it takes them', async () => {
    await pgCtl('-D', path.join(primary['PG_TEST_DIR']!, 'data'), '-m', 'fast', '-w', 'stop');
    // A write while there is no primary waits for one (the search's few seconds).
    const write = db.insertInto('writes').values({ id: 2, label: 'during' }).execute();
    const failed = write.then(
      () => undefined,
      (error: unknown) => error,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    // As pg_auto_failover does: promoted, but held read-only until the monitor lets it write. Not
    // in recovery any more, yet not the primary to write to: the write keeps waiting.
    await onStandby(`alter system set default_transaction_read_only = on`);
    await onStandby('select pg_reload_conf()');
    await pgCtl('-D', path.join(standby['PG_TEST_DIR']!, 'data'), '-w', 'promote');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await onStandby('alter system reset default_transaction_read_only');
    await onStandby('select pg_reload_conf()');
    expect(await failed).toBeUndefined();
    await db.insertInto('writes').values({ id: 3, label: 'after' }).execute();
    expect(await serverPort()).toBe(portOf(standby['DATABASE_URL']!));
    const rows = await db.selectFrom('writes').select(['id', 'label']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 1, label: 'before' },
      { id: 2, label: 'during' },
      { id: 3, label: 'after' },
    ]);
  }, 30_000);
});
