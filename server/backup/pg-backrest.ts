import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { AppConfig } from '../config';
import { openDatabase } from '../db/open-database';
import { eraseAccount } from '../modules/account/account-erasure';
import { erasureLogPath, erasuresSince } from './erasure-log';

/**
 * PostgreSQL's backups (api-contract.md "Backups", docs/operations.md "Backups (PostgreSQL,
 * pgBackRest)"): pgBackRest does the work, continuous WAL archiving (archive_command) and backups
 * into its repository; these functions only call it, then re-apply the erasures recorded since the
 * point restored to, through eraseAccount, before the server answers.
 *
 * pgBackRest's own settings (repository, pg1-path, retention) come from its configuration file:
 * /etc/pgbackrest/pgbackrest.conf, PGBACKREST_CONFIG, or the one a command names. The stanza is
 * BACKUP_PG_STANZA (default "ruminations"). Run as root, pgBackRest and pg_ctl run as the postgres
 * user (PostgreSQL refuses root, and a restore must leave files the server owns).
 */

export const DEFAULT_STANZA = 'ruminations';

export function pgStanza(env: NodeJS.ProcessEnv = process.env): string {
  const stanza = env['BACKUP_PG_STANZA'];
  return stanza === undefined || stanza === '' ? DEFAULT_STANZA : stanza;
}

/** The command line that runs `program` as the cluster's owner. */
function asPostgres(program: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0
    ? ['runuser', ['-u', 'postgres', '--', program, ...args]]
    : [program, args];
}

/** Runs a program, its output passed through to ours; rejects on a non-zero exit. */
function run(program: string, args: string[], capture = false): Promise<string> {
  const [command, commandArgs] = asPostgres(program, args);
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, {
      stdio: ['ignore', capture ? 'pipe' : 'inherit', 'inherit'],
    });
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new Error(`${program} ${args.join(' ')} exited with ${String(code)}`));
    });
  });
}

function configArgs(configFile: string | undefined): string[] {
  return configFile === undefined ? [] : [`--config=${path.resolve(configFile)}`];
}

export interface PgBackupResult {
  label: string;
  type: string;
  seconds: number;
}

/** One backup (`pgbackrest backup`: full the first time, then incremental, pgBackRest chooses). */
export async function takePgBackup(
  options: { stanza?: string; configFile?: string } = {},
): Promise<PgBackupResult> {
  const stanza = options.stanza ?? pgStanza();
  const common = [...configArgs(options.configFile), `--stanza=${stanza}`];
  const started = Date.now();
  await run('pgbackrest', [...common, 'backup']);
  const seconds = (Date.now() - started) / 1000;
  const info = JSON.parse(await run('pgbackrest', [...common, '--output=json', 'info'], true)) as {
    backup?: { label: string; type: string }[];
  }[];
  const newest = info[0]?.backup?.at(-1);
  if (newest === undefined) throw new Error(`pgBackRest lists no backup of stanza ${stanza}`);
  return { label: newest.label, type: newest.type, seconds };
}

/** pgBackRest's time format ("2026-11-29 07:40:00.123+00"): it reads that to pick the backup set. */
export function pgBackRestTime(iso: string): string {
  const time = new Date(iso);
  if (Number.isNaN(time.getTime()) || !/^\d{4}-\d\d-\d\dT/.test(iso)) {
    throw new Error(`${iso} is not an ISO time (e.g. 2026-11-29T07:40:00Z)`);
  }
  return `${time.toISOString().replace('T', ' ').replace('Z', '')}+00`;
}

/** pg1-path of the stanza in a pgBackRest configuration file, if it names one. */
export function pgDataOf(configFile: string, stanza: string): string | undefined {
  let section = '';
  for (const line of fs.readFileSync(configFile, 'utf8').split('\n')) {
    const header = /^\s*\[(.+)\]\s*$/.exec(line);
    if (header !== null) section = header[1] ?? '';
    const value = /^\s*pg1-path\s*=\s*(.+?)\s*$/.exec(line);
    if (value !== null && (section === stanza || section === 'global')) return value[1];
  }
  return undefined;
}

/** The newest of Debian's PostgreSQL pg_ctl (or PG_BIN's), else the one on the PATH. */
function pgCtl(): string {
  const bin = process.env['PG_BIN'];
  if (bin !== undefined && bin !== '') return path.join(bin, 'pg_ctl');
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] === undefined ? 'pg_ctl' : path.join(root, versions[0], 'bin', 'pg_ctl');
}

/** Waits until the server at `url` accepts connections and has left recovery (promoted). */
async function waitForPromotion(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      const res = await client.query<{ r: boolean }>('select pg_is_in_recovery() as r');
      if (res.rows[0]?.r === false) return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    } finally {
      await client.end().catch(() => undefined);
    }
    if (Date.now() > deadline) throw new Error(`${url} is still in recovery`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Re-applies the erasures recorded at or after `since` to the database of DATABASE_URL, once it
 * has left recovery: each through eraseAccount, the server's own erasure, in its own transaction.
 * Then every session signed before the restore ends (each person's token version goes up, as
 * "Sign out everywhere" does): a token signed after the point restored to would otherwise still
 * be good, its person maybe erased or their password changed since. Everyone signs in again, as
 * after a SQLite restore's new signing key.
 */
export async function reapplyErasures(config: AppConfig, since: string): Promise<number> {
  if (config.databaseUrl === undefined) throw new Error('DATABASE_URL is not set');
  const erasures = erasuresSince(erasureLogPath(config), since);
  // Replaying a week of WAL can take hours: wait as long as PostgreSQL is on its way.
  await waitForPromotion(config.databaseUrl, 12 * 3600_000);
  const db = await openDatabase(config);
  try {
    for (const erasure of erasures) {
      await db.transaction().execute((trx) => eraseAccount(trx, erasure.userId));
    }
    await db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .execute();
  } finally {
    await db.destroy();
  }
  return erasures.length;
}

export interface PgRestoreOptions {
  config: AppConfig;
  /** pgBackRest's configuration file (the repository and pg1-path); else its default one. */
  configFile?: string;
  stanza?: string;
  /** The point to restore to (ISO): any second since the oldest kept backup. */
  toTime: string;
  /** Restore over the data folder's files (pgBackRest's --delta). */
  force?: boolean;
  /** The data folder pg_ctl starts after the restore; undefined: not started here. */
  pgData?: string;
}

export interface PgRestoreResult {
  restoreSeconds: number;
  /** Undefined when the cluster was not started here (the operator re-applies them). */
  erasuresApplied: number | undefined;
}

/**
 * With PostgreSQL stopped: `pgbackrest restore --type=time --target=T --target-action=promote`,
 * then, given the data folder, pg_ctl starts the cluster, the restore waits for its promotion and
 * re-applies the erasures recorded at or after T. The erasure log is read first: an unreadable
 * one refuses the restore before anything changes.
 */
export async function restorePgBackup(options: PgRestoreOptions): Promise<PgRestoreResult> {
  const target = pgBackRestTime(options.toTime);
  const since = new Date(options.toTime).toISOString();
  erasuresSince(erasureLogPath(options.config), since);
  const started = Date.now();
  await run('pgbackrest', [
    ...configArgs(options.configFile),
    `--stanza=${options.stanza ?? pgStanza()}`,
    ...(options.force ? ['--delta'] : []),
    '--type=time',
    `--target=${target}`,
    '--target-action=promote',
    'restore',
  ]);
  const restoreSeconds = (Date.now() - started) / 1000;
  if (options.pgData === undefined) return { restoreSeconds, erasuresApplied: undefined };
  const log = path.join(options.pgData, 'restore-start.log');
  await run(pgCtl(), ['-D', options.pgData, '-l', log, '-w', '-t', '3600', 'start']);
  const erasuresApplied = await reapplyErasures(options.config, since);
  return { restoreSeconds, erasuresApplied };
}
