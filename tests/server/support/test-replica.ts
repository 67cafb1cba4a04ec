import { execFileSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

/**
 * A throw-away streaming replica of the test PostgreSQL server (scripts/pg/start-test-replica.sh),
 * for the read-replica tests: it holds every database of the server, so a test's fresh database
 * is on it too (under the same name) a moment after it is created.
 */
export interface TestReplica {
  /** postgres://... of the replica, for `database` (a database of the primary). */
  urlOf(database: string): string;
  /** `sql` on the replica's copy of `database`. */
  query<Row>(database: string, sql: string): Promise<Row[]>;
  /** Stops the replica as a crash would (immediate shutdown); its folder stays until destroy(). */
  stop(): void;
  destroy(): void;
}

const SCRIPTS = path.resolve('scripts/pg');

export function startTestReplica(primaryUrl: string, serverOptions = ''): TestReplica {
  const out = execFileSync('bash', [path.join(SCRIPTS, 'start-test-replica.sh'), primaryUrl], {
    encoding: 'utf8',
    env: { ...process.env, PG_EXTRA_OPTS: serverOptions },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const value = (name: string) => {
    const line = out.split('\n').find((l) => l.startsWith(`${name}=`));
    if (line === undefined) throw new Error(`start-test-replica.sh printed no ${name}`);
    // printf %q quotes only what needs it; these values never do.
    return line.slice(name.length + 1);
  };
  const dir = value('PG_TEST_DIR');
  const url = value('DATABASE_URL');
  const urlOf = (database: string) => {
    const u = new URL(url);
    u.pathname = `/${database}`;
    return u.toString();
  };
  return {
    urlOf,
    async query<Row>(database: string, sql: string) {
      const client = new pg.Client({ connectionString: urlOf(database) });
      await client.connect();
      try {
        return (await client.query(sql)).rows as Row[];
      } finally {
        await client.end();
      }
    },
    stop() {
      const as = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--'] : [];
      const bin = execFileSync('bash', [path.join(SCRIPTS, 'find-postgres-bin.sh')], {
        encoding: 'utf8',
      }).trim();
      const command = [
        ...as,
        path.join(bin, 'pg_ctl'),
        '-D',
        path.join(dir, 'data'),
        '-m',
        'immediate',
        '-w',
        'stop',
      ];
      execFileSync(command[0]!, command.slice(1), { stdio: 'ignore' });
    },
    destroy() {
      execFileSync('bash', [path.join(SCRIPTS, 'stop-test-postgres.sh'), dir], { stdio: 'ignore' });
    },
  };
}
