import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { registerSearchFunction } from '../../server/db/search-tokens';
import { createAccount } from '../support/accounts';
import { settledRss, startServer, type RunningServer } from '../support/server-process';
import { prng } from './data-set';

/**
 * `npm run bench:export`: does the account export keep the server's memory flat? Starts the real
 * server (the bundle `npm start` runs) on a temporary SQLite database, gives one account 50,000
 * ruminations (and comments and relations) by direct inserts, measures the server's idle RSS, then
 * downloads both exports twice while sampling the RSS every 50 ms, and checks the downloads. Goal
 * (issue 15): peak RSS during an export within 50 MB of idle. Run twice: as configured by default,
 * and with SQLite's page cache held at 2 MB, which separates the export's own memory from the page
 * cache that fills (up to SQLITE_CACHE_MB, 64 MB by default) as the account's pages are read.
 *
 *   npm run bench:export [-- --ruminations 50000 --comments 5000 --relations 300]
 */

const GOAL_MB = 50;
const SAMPLE_MS = 50;

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at === -1 ? undefined : Number(process.argv[at + 1]);
  return value !== undefined && Number.isFinite(value) ? value : fallback;
}

const RUMINATIONS = option('ruminations', 50_000);
const COMMENTS = option('comments', 5_000);
const RELATIONS = option('relations', 300);

const WORDS = (
  'morning coffee walk thought remember quiet rain garden letter mother father friend tomorrow ' +
  'yesterday wonder small light window evening afraid hope maybe still the a of and to in is it ' +
  'was for on with as at by this from not but what all when we there can'
).split(' ');

function words(rand: () => number, minChars: number, maxChars: number): string {
  const target = minChars + Math.floor(rand() * (maxChars - minChars));
  let s = 'Today';
  while (s.length < target) s += ` ${WORDS[Math.floor(rand() * WORDS.length)] ?? 'word'}`;
  return `${s}.`;
}

/** Everything of the account, written straight to the server's database (WAL: it keeps running). */
function load(server: RunningServer, userId: number): void {
  const db = new SQLite(path.join(server.dataDir, 'ruminations.sqlite'));
  db.pragma('busy_timeout = 10000');
  // The note search index's triggers call it (server/db/search-tokens.ts).
  registerSearchFunction(db);
  const rand = prng(15);
  const start = Date.parse('2024-01-01T00:00:00Z');
  const at = (i: number, n: number) => new Date(start + Math.floor((6e10 * i) / n)).toISOString();
  db.transaction(() => {
    const user = db.prepare(
      `insert into users (username, username_lower, email, email_lower, password_hash, is_active,
        token_version, create_tms) values (?, ?, ?, ?, 'x', 1, 0, ?)`,
    );
    const others: number[] = [];
    for (let i = 0; i < RELATIONS; i++) {
      const name = `other${i}`;
      const row = user.run(name, name, `${name}@example.test`, `${name}@example.test`, at(0, 1));
      others.push(Number(row.lastInsertRowid));
    }
    const relation = db.prepare(
      `insert into user_relations (type, initiator_id, receiver_id, is_accepted, is_rejected,
        is_deleted, create_tms, update_tms) values (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    others.forEach((other, i) => {
      const state = i % 4; // pending, accepted, rejected, deleted
      const [from, to] = i % 2 === 0 ? [userId, other] : [other, userId];
      const time = at(i, others.length);
      relation.run(
        i % 6,
        from,
        to,
        state === 1 || state === 3 ? 1 : 0,
        state === 2 ? 1 : 0,
        state === 3 ? 1 : 0,
        time,
        time,
      );
    });
    const rumination = db.prepare(
      `insert into ruminations (author_id, content, is_published, audience_mask, create_tms,
        update_tms) values (?, ?, ?, ?, ?, ?)`,
    );
    const ids: number[] = [];
    for (let i = 0; i < RUMINATIONS; i++) {
      const time = at(i, RUMINATIONS);
      const mask = rand() < 0.5 ? 0 : 1 << Math.floor(rand() * 6);
      const row = rumination.run(
        userId,
        words(rand, 40, 1200),
        rand() < 0.85 ? 1 : 0,
        mask,
        time,
        time,
      );
      ids.push(Number(row.lastInsertRowid));
    }
    const comment = db.prepare(
      `insert into comments (rumination_id, parent_comment_id, author_id, content, is_deleted,
        create_tms, update_tms) values (?, null, ?, ?, ?, ?, ?)`,
    );
    for (let i = 0; i < COMMENTS; i++) {
      const deleted = rand() < 0.05;
      const time = at(i, COMMENTS);
      comment.run(
        ids[Math.floor(rand() * ids.length)],
        userId,
        deleted ? '' : words(rand, 10, 400),
        deleted ? 1 : 0,
        time,
        time,
      );
    }
  })();
  db.close();
}

interface Download {
  bytes: number;
  seconds: number;
  peakMb: number;
  file: string;
}

async function download(server: RunningServer, token: string, format: string): Promise<Download> {
  let peakMb = server.rss();
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, server.rss());
  }, SAMPLE_MS);
  const started = performance.now();
  const file = path.join(server.dataDir, `export.${format}`);
  const out = fs.createWriteStream(file);
  let bytes = 0;
  try {
    const res = await fetch(`${server.baseURL}/api/account/export?format=${format}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.status !== 200 || !res.body) throw new Error(`export ${format}: ${res.status}`);
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      if (!out.write(value)) await new Promise<void>((r) => out.once('drain', () => r()));
    }
  } finally {
    clearInterval(sampler);
    await new Promise<void>((r) => out.end(() => r()));
  }
  peakMb = Math.max(peakMb, server.rss());
  return { bytes, seconds: (performance.now() - started) / 1000, peakMb, file };
}

/** The downloads hold what they should: every note, and a zip that unzip itself accepts. */
function check(json: string, zip: string): string[] {
  const data = JSON.parse(fs.readFileSync(json, 'utf8')) as Record<string, unknown[]>;
  const notes = data['ruminations']?.length ?? 0;
  const problems: string[] = [];
  if (notes !== RUMINATIONS) problems.push(`JSON holds ${notes} ruminations`);
  if ((data['comments']?.length ?? 0) !== COMMENTS) problems.push('JSON comments missing');
  if ((data['relations']?.length ?? 0) !== RELATIONS) problems.push('JSON relations missing');
  try {
    execFileSync('unzip', ['-tqq', zip], { stdio: 'pipe' });
    const listing = execFileSync('unzip', ['-Z1', zip], { maxBuffer: 64 * 1024 * 1024 });
    const files = listing.toString().trim().split('\n').length;
    // One file a note, and comments.md and reactions.md.
    if (files !== RUMINATIONS + 2) problems.push(`zip holds ${files} files`);
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    if (!missing) problems.push(`unzip -t failed: ${String(error)}`);
    else console.log('(unzip not installed: the zip was not tested)');
  }
  return problems;
}

const mb = (n: number) => `${n.toFixed(1)} MB`;

/**
 * One server, one account, both exports twice (a second round shows whether memory keeps
 * growing). `sqliteCacheMb` undefined keeps the server's default page cache (64 MB). Returns the
 * worst growth over idle.
 */
async function measure(sqliteCacheMb: number | undefined): Promise<number> {
  // The server runs with `npm start`'s V8 flags (package.json), which bound the young generation.
  const server = await startServer({
    label: 'export-bench',
    env: sqliteCacheMb === undefined ? {} : { SQLITE_CACHE_MB: String(sqliteCacheMb) },
  });
  try {
    const account = await createAccount(server, 'exporter');
    const loadStart = performance.now();
    load(server, account.id);
    console.log(`  loaded in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`);

    const idle = await settledRss(server, SAMPLE_MS);
    console.log(`  idle RSS                ${mb(idle)}`);
    const results: [string, Download][] = [];
    for (const format of ['json', 'markdown', 'json', 'markdown']) {
      const d = await download(server, account.token, format);
      results.push([format, d]);
      console.log(
        `  ${format.padEnd(8)} peak RSS ${mb(d.peakMb)}  +${mb(d.peakMb - idle)} over idle  ` +
          `${(d.bytes / 1e6).toFixed(1)} MB in ${d.seconds.toFixed(1)} s  ` +
          `(settled after: ${mb(await settledRss(server, SAMPLE_MS))})`,
      );
    }
    const problems = check(results[0]![1].file, results[1]![1].file);
    for (const p of problems) console.log(`  PROBLEM: ${p}`);
    if (problems.length > 0) process.exitCode = 1;
    const worst = Math.max(...results.map(([, d]) => d.peakMb - idle));
    console.log(`  worst growth over idle  ${mb(worst)}`);
    return worst;
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  console.log(
    `Account export memory: ${RUMINATIONS} ruminations, ${COMMENTS} comments, ${RELATIONS} relations`,
  );
  console.log('Server as configured by default (SQLite page cache up to 64 MB):');
  const withCache = await measure(undefined);
  // SQLite's page cache fills as the export reads the account's pages (up to its limit, then it
  // stays): a warm server holds it already, a fresh one grows by it. A 2 MB cache shows what the
  // export itself adds.
  console.log("Same, SQLite page cache held at 2 MB (the export's own share):");
  const own = await measure(2);
  console.log(
    `export's own growth ${mb(own)}: ${own <= GOAL_MB ? 'within' : 'OVER'} the ${GOAL_MB} MB goal; ` +
      `with the page cache filling from cold: ${mb(withCache)} ` +
      `(${withCache <= GOAL_MB ? 'within' : 'over'} the goal)`,
  );
  if (own > GOAL_MB) process.exitCode = 1;
}

await main();
