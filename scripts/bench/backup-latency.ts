import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { signAccessToken } from '../../server/credentials/access-token';
import { hashPassword } from '../../server/credentials/password';
import { REPO_ROOT } from '../support/repo-root';
import { manyPeopleEnv, startServer } from '../support/server-process';
import { sqliteDataSet } from './bench-data-sets';
import { JWT_SECRET, SCALE, log } from './bench-settings';
import { sizeFor } from './data-set';

/**
 * `npm run bench:backup`: does the server's own backup (BACKUP_DIR, api-contract.md "Backups")
 * hold up other people, and how long does a restore take? On a copy of `npm run bench`'s SQLite
 * data set (BENCH_SCALE=1: 1M ruminations; BENCH_WORK_DIR reuses one), the server as `npm start`
 * runs it takes its first scheduled backup while another person asks for /public, one request after
 * another, and a signed-in person publishes a note every 100 ms. Printed: /public's p50, p99 and
 * slowest before and during the backup, the backup's time and size, the writes answered meanwhile,
 * and the time of `npm run restore` of that backup into an empty folder.
 *
 *   BENCH_SCALE=0.1 npm run bench:backup
 */

const run = promisify(execFile);
/** /public asked this long before the backup starts: the figures it is compared with. */
const IDLE_SECONDS = 8;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

function summary(latencies: number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  return `p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, slowest ${ms(sorted.at(-1) ?? 0)} (${sorted.length} requests)`;
}

// A backup is written under a dotted .partial name and renamed when whole (server/backup).
const backupsIn = (dir: string) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
    .map((e) => e.name);
const backupUnderWay = (dir: string) => fs.readdirSync(dir).some((n) => n.endsWith('.partial'));

async function main(): Promise<void> {
  const workDir = process.env['BENCH_WORK_DIR'] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const size = sizeFor(SCALE);
  const label = SCALE === 1 ? '1M' : `${size.ruminations}`;
  const set = await sqliteDataSet(workDir, label, size, await hashPassword('bench-password'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-backup-data-'));
  const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-backup-to-'));
  const restoreDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-backup-restored-'));
  fs.copyFileSync(
    path.join(set.dataDir, 'ruminations.sqlite'),
    path.join(dataDir, 'ruminations.sqlite'),
  );
  const databaseMb = fs.statSync(path.join(dataDir, 'ruminations.sqlite')).size / 1e6;
  log(`${label} ruminations, ${databaseMb.toFixed(0)} MB of SQLite`);

  const server = await startServer({
    label: 'bench-backup',
    dataDir,
    env: {
      ...manyPeopleEnv(),
      JWT_SECRET,
      BACKUP_DIR: backupDir,
      // The first scheduled backup comes after the idle figures.
      BACKUP_INTERVAL_SECONDS: String(IDLE_SECONDS + 2),
      LOG_LEVEL: 'warn',
    },
  });
  try {
    const writerToken = await signAccessToken(new TextEncoder().encode(JWT_SECRET), {
      userId: 1,
      tokenVersion: 0,
    });
    const idle: number[] = [];
    const during: number[] = [];
    const writes = { ok: 0, failed: 0, duringBackup: 0 };
    let backupStarted = 0;
    let backupEnded = 0;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        const res = await fetch(`${server.baseURL}/api/ruminations`, {
          method: 'POST',
          headers: { authorization: `Bearer ${writerToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ content: 'Written while the backup runs', publish: true }),
        });
        await res.arrayBuffer();
        if (res.status === 201) writes.ok += 1;
        else writes.failed += 1;
        if (backupStarted > 0 && backupEnded === 0) writes.duringBackup += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const deadline = performance.now() + 600_000;
    while (performance.now() < deadline) {
      const underWay = backupUnderWay(backupDir);
      if (underWay && backupStarted === 0) backupStarted = performance.now();
      if (!underWay && backupStarted > 0 && backupsIn(backupDir).length > 0) {
        backupEnded = performance.now();
        break;
      }
      const t0 = performance.now();
      const res = await fetch(`${server.baseURL}/api/ruminations/public`);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`/public answered ${res.status}`);
      (backupStarted > 0 ? during : idle).push(performance.now() - t0);
    }
    writing = false;
    await writer;
    if (backupEnded === 0) throw new Error('No backup ended within 10 minutes');
    const [folder] = backupsIn(backupDir);
    const backupMb =
      fs
        .readdirSync(path.join(backupDir, folder!), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .reduce((sum, e) => sum + fs.statSync(path.join(e.parentPath, e.name)).size, 0) / 1e6;
    console.log(`\nBackup of ${label} ruminations (SQLite, ${databaseMb.toFixed(0)} MB):`);
    console.log(
      `  taken by the server in ${((backupEnded - backupStarted) / 1000).toFixed(1)} s (${backupMb.toFixed(0)} MB with its manifest)`,
    );
    console.log(`  another person's /public before it: ${summary(idle)}`);
    console.log(`  another person's /public during it: ${summary(during)}`);
    console.log(
      `  notes published every 100 ms: ${writes.ok} answered 201, ${writes.failed} not; ${writes.duringBackup} while it ran`,
    );

    const started = performance.now();
    await run(
      'npm',
      ['run', '--silent', 'restore', '--', '--from', path.join(backupDir, folder!)],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, DATA_DIR: restoreDir, DATABASE_URL: '', JWT_SECRET: '' },
        timeout: 1_800_000,
      },
    );
    console.log(
      `  npm run restore of it into an empty folder: ${((performance.now() - started) / 1000).toFixed(1)} s (the manifest checked first)`,
    );
  } finally {
    await server.stop();
    for (const dir of [dataDir, backupDir, restoreDir]) {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    if (process.env['BENCH_WORK_DIR'] === undefined) {
      fs.rmSync(workDir, { recursive: true, force: true });
    }
  }
}

await main();
