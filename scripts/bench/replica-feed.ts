/**
 * `npm run bench:replicas`: req/s of the feed with one instance on the primary, against two
 * instances reading from a streaming replica (DATABASE_REPLICA_URLS), on the same data and for the
 * same time (docs/operations.md, "Beyond one database machine"). Prints figures; asserts nothing.
 *
 * Environment: BENCH_SCALE (default 0.1: 1k users, 100k ruminations), BENCH_DURATION (seconds per
 * run, default 10). Everything runs on this machine, on 127.0.0.1: the primary, the replica and the
 * instances share its cores, so the figure says what the routing costs and offloads, not what
 * separate machines would gain.
 */
import { execFileSync } from 'node:child_process';
import autocannon, { type RawRequest } from 'autocannon';
import pg from 'pg';
import { signAccessToken } from '../../server/credentials/access-token';
import { hashPassword } from '../../server/credentials/password';
import { startServer, type RunningServer } from '../support/server-process';
import { shellAssignments } from '../support/shell-assignments';
import { sizeFor } from './data-set';
import { loadPostgres } from './load-data';

const SCALE = Number(process.env['BENCH_SCALE'] ?? '0.1');
const DURATION = Number(process.env['BENCH_DURATION'] ?? '10');
const CONNECTIONS = 50;
const VIEWERS = 200;
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

const log = (message: string) => console.error(`[replicas] ${message}`);

function start(script: string, args: string[] = []): Record<string, string> {
  const out = execFileSync('bash', [`scripts/pg/${script}`, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return shellAssignments(out);
}

async function scalar(url: string, sql: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return String(Object.values((await client.query(sql)).rows[0] ?? {})[0]);
  } finally {
    await client.end();
  }
}

/** Feed requests at CONNECTIONS connections split over `servers`, rotating the viewers' tokens. */
async function feedLoad(servers: RunningServer[], tokens: string[]): Promise<number> {
  const runs = servers.map((server) => {
    let i = 0;
    return new Promise<number>((resolve, reject) => {
      autocannon(
        {
          url: server.baseURL,
          connections: CONNECTIONS / servers.length,
          duration: DURATION,
          requests: [
            {
              method: 'GET',
              setupRequest: (request: RawRequest): RawRequest => ({
                ...request,
                path: '/api/ruminations/feed',
                headers: { authorization: `Bearer ${tokens[i++ % tokens.length]!}` },
              }),
            },
          ],
        },
        (error, result) => {
          if (error) reject(error);
          else if (result.non2xx + result.errors > 0) {
            reject(new Error(`${result.non2xx} non-2xx, ${result.errors} errors`));
          } else resolve(result.requests.average);
        },
      );
    });
  });
  return (await Promise.all(runs)).reduce((a, b) => a + b, 0);
}

async function main(): Promise<void> {
  const primary = start('start-test-postgres.sh');
  const stops: (() => unknown)[] = [
    () => execFileSync('bash', ['scripts/pg/stop-test-postgres.sh', primary['PG_TEST_DIR']!]),
  ];
  try {
    const primaryUrl = primary['DATABASE_URL']!;
    const size = sizeFor(SCALE);
    log(`loading ${size.ruminations} ruminations into the primary`);
    await loadPostgres(primaryUrl, size, await hashPassword('bench password'));
    const replica = start('start-test-replica.sh', [primaryUrl]);
    stops.unshift(() =>
      execFileSync('bash', ['scripts/pg/stop-test-postgres.sh', replica['PG_TEST_DIR']!]),
    );
    const replicaUrl = replica['DATABASE_URL']!;

    const secret = new TextEncoder().encode(JWT_SECRET);
    const ids = (
      await scalar(
        primaryUrl,
        `select string_agg(id::text, ',') from (select id from users where is_active = 1
           order by id limit ${VIEWERS}) v`,
      )
    ).split(',');
    const tokens = await Promise.all(
      ids.map((id) => signAccessToken(secret, { userId: Number(id), tokenVersion: 0 })),
    );

    const instance = (label: string, env: Record<string, string>) =>
      startServer({
        label,
        readyTimeoutMs: 120_000,
        env: {
          DATABASE_URL: primaryUrl,
          JWT_SECRET,
          LOG_LEVEL: 'warn',
          RATE_LIMIT_ENABLED: 'false',
          NODE_ENV: 'production',
          ...env,
        },
      });

    const one = await instance('primary-only', {});
    stops.unshift(() => one.stop());
    await feedLoad([one], tokens.slice(0, 20)); // warm-up
    const onPrimary = await feedLoad([one], tokens);
    await one.stop();
    stops.shift();

    const withReplica = { DATABASE_REPLICA_URLS: replicaUrl };
    const two = await Promise.all([
      instance('reads-a', withReplica),
      instance('reads-b', withReplica),
    ]);
    stops.unshift(() => Promise.all(two.map((s) => s.stop())));
    const scansBefore = Number(
      await scalar(
        replicaUrl,
        `select idx_scan from pg_stat_user_tables where relname = 'ruminations'`,
      ),
    );
    await feedLoad(two, tokens.slice(0, 20)); // warm-up
    const onReplica = await feedLoad(two, tokens);
    await new Promise((r) => setTimeout(r, 11_000)); // statistics are published within 10 s
    const scansAfter = Number(
      await scalar(
        replicaUrl,
        `select idx_scan from pg_stat_user_tables where relname = 'ruminations'`,
      ),
    );

    console.log(
      `feed, ${size.ruminations} ruminations, ${CONNECTIONS} connections, ${DURATION} s:`,
    );
    console.log(`  one instance on the primary:               ${onPrimary.toFixed(0)} req/s`);
    console.log(`  two instances reading from one replica:    ${onReplica.toFixed(0)} req/s`);
    console.log(`  replica index scans on ruminations meanwhile: ${scansAfter - scansBefore}`);
  } finally {
    for (const stop of stops) await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
