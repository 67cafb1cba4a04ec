/**
 * Profiling aid (not part of `npm run bench`): where the server's resident memory goes under the
 * bench's load. Runs the server as `npm start` runs it (scripts/start.mjs, its V8 flags and
 * MALLOC_ARENA_MAX; MEMORY_NODE_FLAGS='--some-flag' runs it with those V8 flags instead)
 * on a kept SQLite data set, loads each endpoint at 50 connections, samples
 * /proc/PID/smaps_rollup every 50 ms, and at each endpoint's end asks the process for a diagnostic
 * report (SIGUSR2, --report-on-signal) for V8's own figures. Prints, per endpoint, the peak RSS and
 * what it was made of then: file-backed pages (the node binary and libraries), V8's heap
 * (committed, used) and its external memory (Buffers, strings outside the heap), and the rest of
 * the anonymous memory (malloc: SQLite's page cache, zlib, the HTTP parser, libuv).
 *
 *   npx tsx scripts/bench/memory-profile.ts <DATA_DIR> [seconds per endpoint] [SQLITE_CACHE_MB]
 *   bash scripts/pg/with-test-postgres.sh npx tsx scripts/bench/memory-profile.ts <DATA_DIR> [seconds]
 *
 * DATA_DIR is a data set `npm run bench` kept (BENCH_WORK_DIR=/some/dir, then /some/dir/100000).
 * With DATABASE_URL the same data set (same size, same generator) is loaded into that PostgreSQL
 * first, and the server runs on it.
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { signAccessToken } from '../../server/credentials/access-token';
import { hashPassword } from '../../server/credentials/password';
import type { DataSetSize } from './data-set';
import { loadPostgres } from './load-data';
import { REPO_ROOT } from '../support/repo-root';
import { startServer } from '../support/server-process';

const [dataDir = '', seconds = '10', cacheMb = ''] = process.argv.slice(2);
/** The V8 flags of `npm start` (package.json's start script, between `node` and the script). */
const START_FLAGS = (
  JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  }
).scripts.start
  .replace(/^.*?node /, '')
  .replace(/ scripts\/start\.mjs.*$/, '');
const databaseUrl = process.env['DATABASE_URL'];
if (databaseUrl) {
  const { size } = JSON.parse(fs.readFileSync(path.join(dataDir, 'loaded.json'), 'utf8')) as {
    size: DataSetSize;
  };
  await loadPostgres(databaseUrl, size, await hashPassword('bench-password'));
}
const SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';
const reportDir = fs.mkdtempSync('/tmp/memory-report-');

const db = new SQLite(path.join(dataDir, 'ruminations.sqlite'), { readonly: true });
const ids = (sql: string) => (db.prepare(sql).all() as { id: number }[]).map((r) => r.id);
const related = `select viewer_id as id, count(*) as n from viewer_audiences group by viewer_id`;
const viewers = ids(`select id from (${related}) where n between 5 and 33 limit 200`);
const hubs = ids(`select id from (${related}) order by n desc limit 20`);
const threads = ids(
  `select rumination_id as id from comments group by rumination_id order by count(*) desc limit 200`,
);
db.close();
const sign = (userId: number) =>
  signAccessToken(new TextEncoder().encode(SECRET), { userId, tokenVersion: 0 });
const tokens = await Promise.all(viewers.map(sign));
const hubTokens = await Promise.all(hubs.map(sign));

type Load = { path: (i: number) => string; token: (i: number) => string | undefined };
const at = <T>(list: T[], i: number) => list[i % list.length]!;
const LOADS: Record<string, Load> = {
  feed: { path: () => '/api/ruminations/feed', token: (i) => at(tokens, i) },
  public: { path: () => '/api/ruminations/public', token: () => undefined },
  my: { path: () => '/api/ruminations/my', token: (i) => at(tokens, i) },
  byAuthor: {
    path: (i) => `/api/ruminations/public?UserId=${at(viewers, i)}`,
    token: (i) => at(tokens, i),
  },
  comments: {
    path: (i) => `/api/comments/rumination/${at(threads, i)}`,
    token: (i) => at(tokens, i),
  },
  hubs: { path: () => '/api/ruminations/feed', token: (i) => at(hubTokens, i) },
};

const server = await startServer({
  label: 'memory-profile',
  dataDir,
  entry: {
    nodeArgs: [
      // package.json's start flags, or MEMORY_NODE_FLAGS instead (to compare V8's settings).
      ...(process.env['MEMORY_NODE_FLAGS'] ?? START_FLAGS).split(' ').filter(Boolean),
      '--report-on-signal',
      '--report-signal=SIGUSR2',
      `--report-directory=${reportDir}`,
      // As `npm start` runs it: the start script, which runs the bundle in its own process.
      'scripts/start.mjs',
    ],
  },
  env: {
    DATABASE_URL: databaseUrl ?? '',
    JWT_SECRET: SECRET,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_ENABLED: 'false',
    STATIC_DIR: '/nonexistent',
    NODE_ENV: 'production',
    MALLOC_ARENA_MAX: '2',
    ...(cacheMb ? { SQLITE_CACHE_MB: cacheMb } : {}),
  },
});

interface Rollup {
  rss: number;
  anonymous: number;
}
/** RSS and its anonymous part in MB, from the kernel's sum over the process's mappings. */
function rollup(): Rollup {
  const text = fs.readFileSync(`/proc/${server.pid}/smaps_rollup`, 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
  return { rss: kb('Rss') / 1024, anonymous: kb('Anonymous') / 1024 };
}

interface V8Figures {
  committed: number;
  used: number;
  external: number;
  malloced: number;
}
/** V8's heap at this moment, from a diagnostic report (MB). */
async function v8Figures(): Promise<V8Figures> {
  const before = new Set(fs.readdirSync(reportDir));
  process.kill(server.pid, 'SIGUSR2');
  for (let i = 0; i < 100; i++) {
    const file = fs.readdirSync(reportDir).find((f) => !before.has(f));
    if (file) {
      await new Promise((r) => setTimeout(r, 200));
      const heap = (
        JSON.parse(fs.readFileSync(path.join(reportDir, file), 'utf8')) as {
          javascriptHeap: Record<string, number>;
        }
      ).javascriptHeap;
      const mb = (n: number | undefined) => (n ?? 0) / 1024 / 1024;
      return {
        committed: mb(heap['totalCommittedMemory']),
        used: mb(heap['usedMemory']),
        external: mb(heap['externalMemory']),
        malloced: mb(heap['mallocedMemory']),
      };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no diagnostic report');
}

let n = 0;
const load = (which: Load, duration: number) =>
  autocannon({
    url: server.baseURL,
    connections: 50,
    duration,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const i = n++;
          const token = which.token(i);
          return {
            ...req,
            path: which.path(i),
            headers: token ? { authorization: `Bearer ${token}` } : ({} as Record<string, string>),
          };
        },
      },
    ],
  });

const f = (x: number) => x.toFixed(0).padStart(6);
const idle = rollup();
console.log(
  `${databaseUrl ? 'PostgreSQL' : `SQLite, SQLITE_CACHE_MB=${cacheMb || 'default'}`}; idle: RSS ${f(idle.rss)} MB, anonymous ${f(idle.anonymous)} MB`,
);
console.log(
  `${'endpoint'.padEnd(10)} ${'peak'.padStart(6)} ${'file'.padStart(6)} ${'anon'.padStart(6)}` +
    ` ${'req/s'.padStart(6)}       | at the end: ${'RSS'.padStart(6)} ${'heap'.padStart(6)} ${'used'.padStart(6)} ${'extern'.padStart(6)} ${'other'.padStart(6)}  (MB)`,
);
for (const [name, which] of Object.entries(LOADS)) {
  let peak: Rollup = rollup();
  const sampler = setInterval(() => {
    const now = rollup();
    if (now.rss > peak.rss) peak = now;
  }, 50);
  const result = await load(which, Number(seconds));
  clearInterval(sampler);
  const end = rollup();
  const v8 = await v8Figures();
  // Anonymous memory that is neither V8's heap nor its external memory: malloc's.
  const other = end.anonymous - v8.committed - v8.external;
  console.log(
    `${name.padEnd(10)} ${f(peak.rss)} ${f(peak.rss - peak.anonymous)} ${f(peak.anonymous)}` +
      ` ${f(result.requests.average)} req/s` +
      ` | ${''.padStart(12)}${f(end.rss)} ${f(v8.committed)} ${f(v8.used)} ${f(v8.external)} ${f(other)}`,
  );
}
await server.stop();
fs.rmSync(reportDir, { recursive: true, force: true });
