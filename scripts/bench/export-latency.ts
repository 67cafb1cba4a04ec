import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { registerSearchFunction } from '../../server/db/search-tokens';
import { createAccount, type Account } from '../support/accounts';
import { manyPeopleEnv, startServer, type RunningServer } from '../support/server-process';
import { prng } from './data-set';
import { numberOption, option } from './bench-options';

/**
 * `npm run bench:export-latency`: do account exports hold up other people (api-contract.md "My
 * account")? Starts the server (server/main.ts through tsx, or `--server-dir` another checkout's,
 * to measure a version before a change) on a temporary SQLite database (or on the PostgreSQL of
 * DATABASE_URL: `bash scripts/pg/with-test-postgres.sh npm run bench:export-latency`), gives ten
 * accounts 15,000 ruminations each by direct inserts, and measures another signed-in person's GET
 * /api/ruminations/public, one request after another, while 0, 1 and 10 Markdown exports of
 * different accounts download at full speed: p50, p99 and the slowest, and what the exports were
 * answered. The ten exports run twice: with the default EXPORTS_PER_INSTANCE, and with it at 10,
 * where all of them run and only the yielding between pages keeps the others' latency. First, how
 * long one export takes while nobody else asks.
 *
 *   npm run bench:export-latency [-- --notes 15000 --exporters 10 --server-dir /tmp/before]
 */

const NOTES = numberOption('notes', 15_000);
const EXPORTERS = numberOption('exporters', 10);
const SERVER_DIR = option('server-dir');
/** Under scripts/pg/with-test-postgres.sh the server (which inherits it) runs on PostgreSQL. */
const DATABASE_URL = process.env['DATABASE_URL'];
/** How long the reader asks when no export runs. */
const IDLE_MS = 3_000;

const WORDS = (
  'morning coffee walk thought remember quiet rain garden letter mother father friend tomorrow ' +
  'yesterday wonder small light window evening afraid hope maybe still the a of and to in is it'
).split(' ');

function words(rand: () => number, minChars: number, maxChars: number): string {
  const target = minChars + Math.floor(rand() * (maxChars - minChars));
  let s = 'Today';
  while (s.length < target) s += ` ${WORDS[Math.floor(rand() * WORDS.length)] ?? 'word'}`;
  return `${s}.`;
}

interface NoteRow {
  content: string;
  isPublished: 0 | 1;
  time: string;
}

/** NOTES notes, the same for every exporter. */
function notes(): NoteRow[] {
  const rand = prng(30);
  const start = Date.parse('2024-01-01T00:00:00Z');
  return Array.from({ length: NOTES }, (_, i) => ({
    content: words(rand, 40, 1200),
    isPublished: rand() < 0.85 ? 1 : 0,
    time: new Date(start + Math.floor((6e10 * i) / NOTES)).toISOString(),
  }));
}

const COPY_NOTES = `insert into ruminations (author_id, content, is_published, audience_mask, create_tms,
  update_tms)
  select $1, content, is_published, audience_mask, create_tms, update_tms
  from ruminations where author_id = $2 order by id`;

/** The notes of the first exporter, copied for the others (SQLite in WAL: the server keeps running). */
function loadSqlite(server: RunningServer, exporters: Account[]): void {
  const [first, ...others] = exporters;
  if (!first) return;
  const db = new SQLite(path.join(server.dataDir, 'ruminations.sqlite'));
  db.pragma('busy_timeout = 10000');
  // The note search index's triggers call it (server/db/search-tokens.ts).
  registerSearchFunction(db);
  db.transaction(() => {
    const insert = db.prepare(
      `insert into ruminations (author_id, content, is_published, audience_mask, create_tms,
        update_tms) values (?, ?, ?, 0, ?, ?)`,
    );
    for (const n of notes()) insert.run(first.id, n.content, n.isPublished, n.time, n.time);
    const copy = db.prepare(COPY_NOTES.replace('$1', '?').replace('$2', '?'));
    for (const other of others) copy.run(other.id, first.id);
  })();
  db.close();
}

/** The same on PostgreSQL (DATABASE_URL), 1,000 notes per statement. */
async function loadPostgres(databaseUrl: string, exporters: Account[]): Promise<void> {
  const [first, ...others] = exporters;
  if (!first) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const all = notes();
    for (let from = 0; from < all.length; from += 1000) {
      const batch = all.slice(from, from + 1000);
      const values = batch.map(
        (_, i) => `($1, $${i * 4 + 2}, $${i * 4 + 3}, 0, $${i * 4 + 4}, $${i * 4 + 5})`,
      );
      await client.query(
        `insert into ruminations (author_id, content, is_published, audience_mask, create_tms,
          update_tms) values ${values.join(', ')}`,
        [first.id, ...batch.flatMap((n) => [n.content, n.isPublished, n.time, n.time])],
      );
    }
    for (const other of others) await client.query(COPY_NOTES, [other.id, first.id]);
    await client.query('analyze ruminations');
  } finally {
    await client.end();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

interface ExportResult {
  status: number;
  bytes: number;
}

async function download(server: RunningServer, account: Account): Promise<ExportResult> {
  const res = await fetch(`${server.baseURL}/api/account/export?format=markdown`, {
    headers: { authorization: `Bearer ${account.token}` },
  });
  let bytes = 0;
  const reader = res.body?.getReader();
  for (;;) {
    const chunk = await reader?.read();
    if (!chunk || chunk.done) break;
    bytes += chunk.value.length;
  }
  return { status: res.status, bytes };
}

/** The reader's /public, one request after another, while `exporters` download their exports. */
async function scenario(
  server: RunningServer,
  reader: Account,
  exporters: Account[],
  label: string,
): Promise<void> {
  const latencies: number[] = [];
  let exporting = true;
  const started = performance.now();
  const exports = Promise.all(exporters.map((a) => download(server, a))).finally(() => {
    exporting = false;
  });
  while (exporting || performance.now() - started < (exporters.length === 0 ? IDLE_MS : 0)) {
    const t0 = performance.now();
    const res = await fetch(`${server.baseURL}/api/ruminations/public`, {
      headers: { authorization: `Bearer ${reader.token}` },
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`/public answered ${res.status}`);
    latencies.push(performance.now() - t0);
  }
  const results = await exports;
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(9);
  const answered = results.filter((r) => r.status === 200);
  const refused = results.filter((r) => r.status === 429).length;
  const other = results.length - answered.length - refused;
  console.log(
    `  ${label.padEnd(34)} /public p50 ${ms(percentile(sorted, 50))}  p99 ${ms(percentile(sorted, 99))}` +
      `  max ${ms(sorted[sorted.length - 1] ?? 0)}  (${sorted.length} requests in ${seconds.toFixed(1)} s)` +
      (exporters.length === 0
        ? ''
        : `  exports: ${answered.length} x 200 (${(answered.reduce((s, r) => s + r.bytes, 0) / 1e6).toFixed(1)} MB)` +
          `${refused > 0 ? `, ${refused} x 429` : ''}${other > 0 ? `, ${other} other` : ''}`),
  );
}

/**
 * One export while nobody else asks: what giving way to others costs an export when there are
 * none (the scenarios' durations include the reader's share of the event loop).
 */
async function alone(server: RunningServer, exporter: Account): Promise<void> {
  const started = performance.now();
  const result = await download(server, exporter);
  console.log(
    `  ${'1 export, nobody else asking'.padEnd(34)} ${((performance.now() - started) / 1000).toFixed(1)} s` +
      `  (${result.status}, ${(result.bytes / 1e6).toFixed(1)} MB)`,
  );
}

async function run(
  dataDir: string | undefined,
  env: Record<string, string>,
  body: (server: RunningServer) => Promise<void>,
): Promise<string> {
  const server = await startServer({
    label: 'export-latency',
    entry: SERVER_DIR
      ? { nodeArgs: ['--import', 'tsx', path.join(SERVER_DIR, 'server/main.ts')] }
      : 'tsx',
    env,
    ...(dataDir ? { dataDir } : { keepData: true }),
  });
  try {
    await body(server);
  } finally {
    await server.stop();
  }
  return server.dataDir;
}

async function main(): Promise<void> {
  console.log(
    `Another person's /public while Markdown exports of ${NOTES} notes run ` +
      `(${DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, server ${SERVER_DIR ?? 'of this checkout'}):`,
  );
  const env = manyPeopleEnv();
  let reader: Account | undefined;
  let exporters: Account[] = [];
  const dataDir = await run(undefined, env, async (server) => {
    reader = await createAccount(server, 'reader');
    exporters = [];
    for (let i = 0; i < EXPORTERS; i++) exporters.push(await createAccount(server, `exporter${i}`));
    const loadStart = performance.now();
    if (DATABASE_URL) await loadPostgres(DATABASE_URL, exporters);
    else loadSqlite(server, exporters);
    console.log(
      `  loaded ${EXPORTERS} x ${NOTES} notes in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`,
    );
    // A first export warms the page cache, as on a server that has been running a while.
    await download(server, exporters[0]!);
    await alone(server, exporters[1] ?? exporters[0]!);
    await scenario(server, reader, [], 'no export');
    await scenario(server, reader, exporters.slice(0, 1), '1 export');
    await scenario(server, reader, exporters, `${EXPORTERS} exports (default per instance)`);
  });
  try {
    await run(dataDir, { ...env, EXPORTS_PER_INSTANCE: String(EXPORTERS) }, async (server) => {
      await download(server, exporters[0]!);
      await scenario(
        server,
        reader!,
        exporters,
        `${EXPORTERS} exports (EXPORTS_PER_INSTANCE=${EXPORTERS})`,
      );
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
