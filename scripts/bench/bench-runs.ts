/** Runs of `npm run bench`: the API on a data set, endpoint by endpoint, and the baseline. */
import type { PostgresDriverName } from '../../server/db/postgres-dialect';
import { startServer, type RunningServer } from '../support/server-process';
import { dropPostgresDataSet, type DataSet } from './bench-data-sets';
import { fmt } from './bench-report';
import { JWT_SECRET, log, PG_DRIVERS, postgresLabel } from './bench-settings';
import { pickerFor, workloadFor, type Workload } from './bench-workload';
import { measure, type Row } from './measure-load';

/**
 * The server as `npm start` runs it (the harness's default entry: the flags of package.json and
 * scripts/start.mjs, which runs the bundle run-bench.ts's main() builds with plain node);
 * STATIC_DIR elsewhere skips the web app's build.
 */
function startApi(
  label: string,
  dataDir: string,
  databaseUrl?: string,
  driver: PostgresDriverName = 'pg',
): Promise<RunningServer> {
  return startServer({
    label,
    dataDir,
    readyTimeoutMs: 120_000,
    env: {
      DATABASE_URL: databaseUrl ?? '',
      PG_DRIVER: driver,
      JWT_SECRET,
      // Request logs off: the baseline logs nothing either; what is measured is the API's own work.
      LOG_LEVEL: 'warn',
      RATE_LIMIT_ENABLED: 'false',
      // On whatever the default: the compressed feed's row measures what it costs.
      API_COMPRESSION: 'true',
      NODE_ENV: 'production',
    },
  });
}

export const ENDPOINTS: { key: keyof Workload; label: string }[] = [
  { key: 'feed', label: 'GET /feed' },
  { key: 'feedCompressed', label: 'GET /feed (compressed)' },
  { key: 'public', label: 'GET /public' },
  { key: 'my', label: 'GET /my' },
  { key: 'mySearch', label: 'GET /my?q= (common)' },
  { key: 'mySearchRare', label: 'GET /my?q= (rare)' },
  { key: 'byAuthor', label: 'GET /public?UserId=' },
  { key: 'comments', label: 'GET /comments/rumination/:id' },
  { key: 'search', label: 'GET /users/search' },
  { key: 'publicTagged', label: 'GET /public?tag=' },
  { key: 'feedTagged', label: 'GET /feed?tag=' },
  { key: 'myTagged', label: 'GET /my?tag=' },
  // The hubs' control: as many distinct requests as there are hubs, of typical readers, so that
  // the hubs' row differs from it by the readers alone (issue 45).
  { key: 'feedFew', label: 'GET /feed (20 typical readers)' },
  // Last: its backlog and memory peak must not colour the rows after it (peak RSS is per process).
  { key: 'feedHubs', label: 'GET /feed (20 hubs)' },
];

export async function runDataSet(
  set: DataSet,
  dbLabel: string,
  keys: (keyof Workload)[],
  driver?: PostgresDriverName,
): Promise<Row[]> {
  return runPaired([{ set, dbLabel, ...(driver ? { driver } : {}) }], keys);
}

/** One database's side of a paired run: a data set and the label of its rows. */
export interface Leg {
  set: DataSet;
  dbLabel: string;
  driver?: PostgresDriverName;
}

/**
 * The same endpoints on several data sets (SQLite and PostgreSQL, loaded alike), each endpoint on
 * every leg's server back to back, the order turned every other endpoint: so that PostgreSQL ÷
 * SQLite compares runs seconds apart, under the same load from the rest of the machine (measured
 * one database after the other, minutes apart, the ratios swung from 0.06 to 8.3 on this shared
 * machine: docs/operations.md, "Which driver").
 */
export async function runPaired(legs: Leg[], keys: (keyof Workload)[]): Promise<Row[]> {
  const servers: RunningServer[] = [];
  try {
    for (const leg of legs) {
      servers.push(
        await startApi(
          `api ${leg.dbLabel} ${leg.set.label}`,
          leg.set.dataDir,
          leg.set.databaseUrl,
          leg.driver,
        ),
      );
    }
    const works = await Promise.all(legs.map((leg) => workloadFor(pickerFor(leg.set))));
    const rows: Row[] = [];
    for (const [k, key] of keys.entries()) {
      const label = ENDPOINTS.find((e) => e.key === key)!.label;
      const order = legs.map((_, i) => i);
      if (k % 2 === 1) order.reverse();
      for (const i of order) {
        const leg = legs[i]!;
        log(
          `${leg.dbLabel} ${leg.set.label}: ${label} (${works[i]![key].length} distinct requests)`,
        );
        const row = {
          db: `${leg.dbLabel} ${leg.set.label}`,
          set: leg.set.label,
          endpoint: label,
          m: await measure(servers[i]!, works[i]![key]),
        };
        log(
          `  ${fmt(row.m.rps, 0)} req/s, p50 ${fmt(row.m.p50)} ms, p99 ${fmt(row.m.p99)} ms, ` +
            `peak RSS ${fmt(row.m.peak, 0)} MB, failures ${row.m.non2xx}`,
        );
        rows.push(row);
      }
    }
    return rows;
  } finally {
    for (const server of servers) await server.stop();
  }
}

/** Average response size of the feed: the baseline answers with as many bytes. */
export async function feedBytes(set: DataSet): Promise<number> {
  const server = await startApi('api (sizing)', set.dataDir, set.databaseUrl);
  try {
    const work = await workloadFor(pickerFor(set));
    let total = 0;
    let n = 0;
    for (const t of work.feed.slice(0, 50)) {
      const res = await fetch(`${server.baseURL}${t.path}`, {
        headers: { authorization: `Bearer ${t.token}` },
      });
      total += Buffer.byteLength(await res.text());
      n++;
    }
    return Math.round(total / Math.max(1, n));
  } finally {
    await server.stop();
  }
}

export async function runBaseline(sqliteFile: string, bytes: number): Promise<Row> {
  const server = await startServer({
    label: 'baseline',
    entry: { nodeArgs: ['--import', 'tsx', 'scripts/bench/baseline-server.ts'] },
    readyPath: '/',
    readyTimeoutMs: 120_000,
    env: { BASELINE_DB: sqliteFile, BASELINE_BYTES: String(bytes) },
  });
  try {
    log('baseline: node:http + one indexed 20-row SQLite query');
    const m = await measure(server, [{ path: '/' }]);
    log(
      `  ${fmt(m.rps, 0)} req/s, p50 ${fmt(m.p50)} ms, p99 ${fmt(m.p99)} ms, peak RSS ${fmt(m.peak, 0)} MB`,
    );
    return { db: 'baseline', endpoint: `node:http, 20 rows, ${bytes} B`, m };
  } finally {
    await server.stop();
  }
}

/**
 * `keys` on a PostgreSQL data set once per driver of BENCH_PG_DRIVERS, each row added to `into` as
 * it is measured (a later failure keeps them), then the data set dropped.
 */
export async function runEachDriver(
  adminUrl: string,
  set: DataSet,
  keys: (keyof Workload)[],
  into: Row[],
): Promise<void> {
  try {
    for (const driver of PG_DRIVERS) {
      into.push(...(await runDataSet(set, postgresLabel(driver), keys, driver)));
    }
  } finally {
    await dropPostgresDataSet(adminUrl, set);
  }
}
