import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { singleHostUrls } from '../../server/db/postgres-url';
import { REPO_ROOT } from '../support/repo-root';
import { shellAssignments } from '../support/shell-assignments';

/**
 * A throw-away pg_auto_failover group (scripts/pg/start-test-failover-cluster.sh) as the failover
 * test drives it: its nodes, the monitor's view of them, and a node killed as a machine dies.
 */

const run = promisify(execFile);
const PG_SCRIPTS = path.join(REPO_ROOT, 'scripts/pg');

export interface FailoverNode {
  name: 'node1' | 'node2';
  /** Its own address (one host). */
  url: string;
  dataDir: string;
}

export interface FailoverCluster {
  /** Both nodes, libpq's multi-host syntax, target_session_attrs=read-write. */
  databaseUrl: string;
  nodes: [FailoverNode, FailoverNode];
  /** Each node's reported state, by the monitor (primary, secondary, wait_primary, ...). */
  states(): Promise<Record<string, string>>;
  /**
   * `kill -9` of the node's postmaster (its pid from postmaster.pid): its pg_autoctl keeper
   * restarts PostgreSQL, finds the other node promoted, and rejoins as its standby. With
   * `keeper`, the keeper is killed too, as when a machine dies: the node stays down.
   */
  kill(node: FailoverNode, options?: { keeper?: boolean }): void;
  stop(): Promise<void>;
}

export async function startFailoverCluster(): Promise<FailoverCluster> {
  const { stdout } = await run('bash', [path.join(PG_SCRIPTS, 'start-test-failover-cluster.sh')], {
    maxBuffer: 1 << 20,
  });
  const env = shellAssignments(stdout);
  const dir = env['PGAF_DIR']!;
  const databaseUrl = env['DATABASE_URL']!;
  const [url1, url2] = singleHostUrls(databaseUrl);
  const nodes: [FailoverNode, FailoverNode] = [
    { name: 'node1', url: url1!, dataDir: env['PGAF_NODE1_DATA']! },
    { name: 'node2', url: url2!, dataDir: env['PGAF_NODE2_DATA']! },
  ];
  const monitor = new pg.Client({ connectionString: env['PGAF_MONITOR_URL'] });
  monitor.on('error', () => undefined);
  await monitor.connect();
  let stopped = false;
  return {
    databaseUrl,
    nodes,
    async states() {
      const { rows } = await monitor.query<{ nodename: string; reportedstate: string }>(
        'select nodename, reportedstate from pgautofailover.node',
      );
      return Object.fromEntries(rows.map((row) => [row.nodename, row.reportedstate]));
    },
    kill(node, options = {}) {
      const postmaster = Number(
        fs.readFileSync(path.join(node.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
      );
      if (options.keeper === true) {
        // The keeper first: it would start PostgreSQL again the moment it saw it gone.
        process.kill(
          -Number(fs.readFileSync(path.join(dir, `${node.name}.pid`), 'utf8')),
          'SIGKILL',
        );
      }
      process.kill(postmaster, 'SIGKILL');
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await monitor.end().catch(() => undefined);
      await run('bash', [path.join(PG_SCRIPTS, 'stop-test-failover-cluster.sh'), dir]);
    },
  };
}
