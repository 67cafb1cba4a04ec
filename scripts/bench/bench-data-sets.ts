/**
 * The data sets of `npm run bench`: SQLite files loaded once and reused at the same size,
 * PostgreSQL databases loaded for a run and dropped after it, and the throw-away PostgreSQL server.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { REPO_ROOT } from '../support/repo-root';
import { log } from './bench-settings';
import { DATA_SET_VERSION, type DataSetSize } from './data-set';
import { loadPostgres, loadSqlite } from './load-data';

export interface DataSet {
  label: string;
  size: DataSetSize;
  /** data-set.ts's DATA_SET_VERSION it was made with. */
  version?: number;
  /** SQLite: the DATA_DIR holding ruminations.sqlite; PostgreSQL: the database URL. */
  dataDir: string;
  databaseUrl?: string;
  loadSeconds: number;
  counts: Record<string, number>;
}

export async function sqliteDataSet(
  workDir: string,
  label: string,
  size: DataSetSize,
  hash: string,
): Promise<DataSet> {
  const dataDir = path.join(workDir, label);
  fs.mkdirSync(dataDir, { recursive: true });
  const marker = path.join(dataDir, 'loaded.json');
  const file = path.join(dataDir, 'ruminations.sqlite');
  try {
    const previous = JSON.parse(fs.readFileSync(marker, 'utf8')) as DataSet;
    if (
      JSON.stringify(previous.size) === JSON.stringify(size) &&
      previous.version === DATA_SET_VERSION &&
      fs.existsSync(file)
    ) {
      log(`reusing SQLite ${label} in ${dataDir}`);
      return { ...previous, dataDir };
    }
  } catch {
    // not loaded yet
  }
  for (const f of fs.readdirSync(dataDir)) fs.rmSync(path.join(dataDir, f), { force: true });
  log(`loading SQLite ${label} (${size.ruminations} ruminations) ...`);
  const { counts, seconds } = await loadSqlite(file, size, hash);
  log(`  ${JSON.stringify(counts)} in ${seconds.toFixed(0)} s`);
  const set = { label, size, version: DATA_SET_VERSION, dataDir, loadSeconds: seconds, counts };
  fs.writeFileSync(marker, JSON.stringify(set));
  return set;
}

export async function postgresDataSet(
  workDir: string,
  adminUrl: string,
  label: string,
  size: DataSetSize,
  hash: string,
): Promise<DataSet> {
  // Lower case: PostgreSQL folds unquoted names to lower case, a URL keeps them as written.
  const name = `bench_${label.replace(/\W/g, '_')}_${process.pid}`.toLowerCase();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const databaseUrl = u.toString();
  log(`loading PostgreSQL ${label} (${size.ruminations} ruminations) ...`);
  const { counts, seconds } = await loadPostgres(databaseUrl, size, hash);
  log(`  ${JSON.stringify(counts)} in ${seconds.toFixed(0)} s`);
  const dataDir = path.join(workDir, `pg-${label}`);
  fs.mkdirSync(dataDir, { recursive: true });
  return {
    label,
    size,
    version: DATA_SET_VERSION,
    dataDir,
    databaseUrl,
    loadSeconds: seconds,
    counts,
  };
}

export async function dropPostgresDataSet(adminUrl: string, set: DataSet): Promise<void> {
  if (!set.databaseUrl) return;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(
    `drop database if exists ${new URL(set.databaseUrl).pathname.slice(1)} with (force)`,
  );
  await admin.end();
}

export function startPostgres(): { url: string; dir: string } {
  const out = execFileSync(path.join(REPO_ROOT, 'scripts/pg/start-test-postgres.sh'), {
    encoding: 'utf8',
    env: { ...process.env, PG_EXTRA_OPTS: '-c shared_buffers=256MB -c work_mem=16MB' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const vars = Object.fromEntries(
    out
      .trim()
      .split('\n')
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1).replace(/^'|'$/g, '')]),
  );
  return { url: vars['DATABASE_URL']!, dir: vars['PG_TEST_DIR']! };
}

export function stopPostgres(server: { dir: string }): void {
  execFileSync(path.join(REPO_ROOT, 'scripts/pg/stop-test-postgres.sh'), [server.dir]);
}
