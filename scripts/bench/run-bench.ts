/**
 * `npm run bench`: the server's read paths under load, on SQLite and on PostgreSQL, beside a
 * baseline (a bare node:http server answering one indexed 20-row SQLite query). Prints a table; it
 * is not a test and asserts nothing, it only marks the targets of issue 8 as met or missed.
 *
 * Environment:
 *   BENCH_SCALE=1          data set size: 1 = 10k users, 1M ruminations, 200k relations (0.1 = a
 *                          tenth, a couple of minutes in all)
 *   BENCH_DURATION=10      seconds of each autocannon run (two runs per endpoint: 50 and 10 connections)
 *   BENCH_DB=sqlite,postgres   which databases
 *   BENCH_DATABASE_URL     an existing PostgreSQL server (superuser) to use instead of a throw-away
 *                          one started with scripts/pg/start-test-postgres.sh
 *   BENCH_PG_DRIVERS=pg    the PostgreSQL drivers (PG_DRIVER: pg, postgres-js), in this order: the
 *                          PostgreSQL loads run once per driver, each on a server started with it,
 *                          on the same loaded data set (pg,postgres-js to compare them in one run)
 *   BENCH_KEEP=1           keep the temp folder (SQLite files) for a look with EXPLAIN afterwards
 *   BENCH_WORK_DIR=DIR     use (and keep) this folder; SQLite data sets already loaded there at the
 *                          same size are reused instead of generated again
 *   BENCH_PAIRED=1         with both databases, each endpoint runs on SQLite and PostgreSQL back to
 *                          back (runPaired); 0: every SQLite load, then every PostgreSQL one
 *   BENCH_ENDPOINTS=a,b    with both databases, only these loads of the big data set, in this
 *                          order (keys of bench-workload.ts's Workload: feed, feedHubs, public, ...)
 *   BENCH_SETS=main,people which data sets: `main` (the 1M ruminations and 10k ones above), `people`
 *                          (100k users, for people search beside /public)
 *
 * Everything listens on 127.0.0.1 only and every run is bounded in time.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from '../../server/credentials/password';
import { REPO_ROOT } from '../support/repo-root';
import {
  dropPostgresDataSet,
  postgresDataSet,
  sqliteDataSet,
  startPostgres,
  stopPostgres,
  type DataSet,
} from './bench-data-sets';
import { fmt, printTable, printTargets } from './bench-report';
import {
  ENDPOINTS,
  feedBytes,
  runBaseline,
  runDataSet,
  runEachDriver,
  runPaired,
  type Leg,
} from './bench-runs';
import { DATABASES, DURATION, log, PG_DRIVERS, postgresLabel, SCALE, SETS } from './bench-settings';
import { sizeFor, type DataSetSize } from './data-set';
import type { Workload } from './bench-workload';
import type { Row } from './measure-load';

async function main(): Promise<void> {
  const keptDir = process.env['BENCH_WORK_DIR'];
  if (keptDir) fs.mkdirSync(keptDir, { recursive: true });
  const workDir = keptDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ruminations-bench-'));
  const big = sizeFor(SCALE);
  const small = sizeFor(SCALE, 10_000);
  // Many people, fewer notes: what people search is measured on.
  const peopleSize: DataSetSize = {
    ...sizeFor(SCALE, Math.max(1_000, Math.round(100_000 * SCALE))),
    users: Math.max(2_000, Math.round(100_000 * SCALE)),
  };
  const peopleLabel = `${Math.round(peopleSize.users / 1000)}k-users`;
  const peopleRows: Row[] = [];
  const bigLabel = `${big.ruminations >= 1_000_000 ? `${big.ruminations / 1_000_000}M` : `${big.ruminations / 1000}k`}`;
  log(
    `scale ${SCALE}: ${big.users} users, ${big.ruminations} ruminations, ${big.relations} relations; ` +
      `runs of ${DURATION} s; machine: ${os.cpus().length} CPUs, load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  log('building the server bundle (scripts/build-server.mjs)');
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build-server.mjs')], {
    stdio: 'inherit',
  });
  const hash = await hashPassword('bench-password');
  const rows: Row[] = [];
  const baselines: Row[] = [];
  const smallFeed: Row[] = [];
  let pgServer: { url: string; dir: string } | undefined;
  const loads: string[] = [];
  const errors: string[] = [];
  // Both databases: each endpoint on both, back to back (runPaired), so that their ratio compares
  // runs under the same load from the rest of the machine. BENCH_PAIRED=0: one after the other.
  const paired =
    DATABASES.includes('sqlite') &&
    DATABASES.includes('postgres') &&
    process.env['BENCH_PAIRED'] !== '0';
  // BENCH_ENDPOINTS=feedHubs,feed: only these loads of the big data set, in this order.
  const ENDPOINT_KEYS = process.env['BENCH_ENDPOINTS']
    ? (process.env['BENCH_ENDPOINTS'].split(',').map((k) => k.trim()) as (keyof Workload)[])
    : ENDPOINTS.map((e) => e.key);
  const pgLegs = (set: DataSet): Leg[] =>
    PG_DRIVERS.map((driver) => ({ set, dbLabel: postgresLabel(driver), driver }));
  try {
    if (paired && SETS.includes('main')) {
      try {
        const bigSet = await sqliteDataSet(workDir, bigLabel, big, hash);
        const smallSet = await sqliteDataSet(workDir, '10k', small, hash);
        loads.push(
          `SQLite ${bigLabel}: ${JSON.stringify(bigSet.counts)} loaded in ${fmt(bigSet.loadSeconds, 0)} s`,
        );
        const bytes = await feedBytes(bigSet);
        const baselineDb = path.join(bigSet.dataDir, 'ruminations.sqlite');
        const adminUrl = process.env['BENCH_DATABASE_URL'] ?? (pgServer = startPostgres()).url;
        const pgBig = await postgresDataSet(workDir, adminUrl, bigLabel, big, hash);
        loads.push(`PostgreSQL ${bigLabel}: loaded in ${fmt(pgBig.loadSeconds, 0)} s`);
        const pgSmall = await postgresDataSet(workDir, adminUrl, '10k', small, hash);
        try {
          baselines.push(await runBaseline(baselineDb, bytes));
          rows.push(
            ...(await runPaired(
              [{ set: bigSet, dbLabel: 'sqlite' }, ...pgLegs(pgBig)],
              ENDPOINT_KEYS,
            )),
          );
          smallFeed.push(
            ...(await runPaired(
              [{ set: smallSet, dbLabel: 'sqlite' }, ...pgLegs(pgSmall)],
              ['feed'],
            )),
          );
          baselines.push(await runBaseline(baselineDb, bytes));
        } finally {
          await dropPostgresDataSet(adminUrl, pgBig);
          await dropPostgresDataSet(adminUrl, pgSmall);
        }
      } catch (error) {
        errors.push(`SQLite and PostgreSQL: ${String(error)}`);
        console.error(error);
      }
    }
    if (!paired && DATABASES.includes('sqlite') && SETS.includes('main')) {
      try {
        const bigSet = await sqliteDataSet(workDir, bigLabel, big, hash);
        const smallSet = await sqliteDataSet(workDir, '10k', small, hash);
        loads.push(
          `SQLite ${bigLabel}: ${JSON.stringify(bigSet.counts)} loaded in ${fmt(bigSet.loadSeconds, 0)} s`,
        );
        const bytes = await feedBytes(bigSet);
        const baselineDb = path.join(bigSet.dataDir, 'ruminations.sqlite');
        baselines.push(await runBaseline(baselineDb, bytes));
        rows.push(
          ...(await runDataSet(
            bigSet,
            'sqlite',
            bigLabel === '10k' ? ['feed'] : ENDPOINTS.map((e) => e.key),
          )),
        );
        smallFeed.push(...(await runDataSet(smallSet, 'sqlite', ['feed'])));
        baselines.push(await runBaseline(baselineDb, bytes));
      } catch (error) {
        // Report what was measured so far rather than nothing.
        errors.push(`SQLite: ${String(error)}`);
        console.error(error);
      }
    }
    if (!paired && DATABASES.includes('postgres') && SETS.includes('main')) {
      try {
        const adminUrl = process.env['BENCH_DATABASE_URL'] ?? (pgServer = startPostgres()).url;
        const bigSet = await postgresDataSet(workDir, adminUrl, bigLabel, big, hash);
        loads.push(`PostgreSQL ${bigLabel}: loaded in ${fmt(bigSet.loadSeconds, 0)} s`);
        await runEachDriver(
          adminUrl,
          bigSet,
          ENDPOINTS.map((e) => e.key),
          rows,
        );
        const smallSet = await postgresDataSet(workDir, adminUrl, '10k', small, hash);
        await runEachDriver(adminUrl, smallSet, ['feed'], smallFeed);
      } catch (error) {
        errors.push(`PostgreSQL: ${String(error)}`);
        console.error(error);
      }
    }
    // People search at many users, beside /public on the same data set and server.
    if (SETS.includes('people') && paired) {
      try {
        const set = await sqliteDataSet(workDir, peopleLabel, peopleSize, hash);
        loads.push(
          `SQLite ${peopleLabel}: ${JSON.stringify(set.counts)} loaded in ${fmt(set.loadSeconds, 0)} s`,
        );
        const adminUrl = process.env['BENCH_DATABASE_URL'] ?? (pgServer ??= startPostgres()).url;
        const pgSet = await postgresDataSet(workDir, adminUrl, peopleLabel, peopleSize, hash);
        loads.push(`PostgreSQL ${peopleLabel}: loaded in ${fmt(pgSet.loadSeconds, 0)} s`);
        try {
          peopleRows.push(
            ...(await runPaired(
              [{ set, dbLabel: 'sqlite' }, ...pgLegs(pgSet)],
              ['public', 'search'],
            )),
          );
        } finally {
          await dropPostgresDataSet(adminUrl, pgSet);
        }
      } catch (error) {
        errors.push(`${peopleLabel}: ${String(error)}`);
        console.error(error);
      }
    }
    if (SETS.includes('people') && !paired) {
      if (DATABASES.includes('sqlite')) {
        try {
          const set = await sqliteDataSet(workDir, peopleLabel, peopleSize, hash);
          loads.push(
            `SQLite ${peopleLabel}: ${JSON.stringify(set.counts)} loaded in ${fmt(set.loadSeconds, 0)} s`,
          );
          peopleRows.push(...(await runDataSet(set, 'sqlite', ['public', 'search'])));
        } catch (error) {
          errors.push(`SQLite ${peopleLabel}: ${String(error)}`);
          console.error(error);
        }
      }
      if (DATABASES.includes('postgres')) {
        try {
          const adminUrl = process.env['BENCH_DATABASE_URL'] ?? (pgServer ??= startPostgres()).url;
          const set = await postgresDataSet(workDir, adminUrl, peopleLabel, peopleSize, hash);
          loads.push(`PostgreSQL ${peopleLabel}: loaded in ${fmt(set.loadSeconds, 0)} s`);
          await runEachDriver(adminUrl, set, ['public', 'search'], peopleRows);
        } catch (error) {
          errors.push(`PostgreSQL ${peopleLabel}: ${String(error)}`);
          console.error(error);
        }
      }
    }
  } finally {
    if (pgServer) stopPostgres(pgServer);
    if (process.env['BENCH_KEEP'] === '1' || keptDir) log(`kept ${workDir}`);
    else fs.rmSync(workDir, { recursive: true, force: true });
  }

  console.log('');
  console.log(
    `Ruminations server benchmark — scale ${SCALE} (${big.users} users, ${big.ruminations} ruminations, ` +
      `${big.relations} relations), ${DURATION} s per run, ${os.cpus().length} CPUs, Node ${process.version}`,
  );
  for (const l of loads) console.log(l);
  for (const e of errors) console.log(`FAILED: ${e.split('\n')[0]}`);
  console.log('');
  console.log(
    `Load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  printTable([...rows, ...smallFeed, ...peopleRows], baselines);
  printTargets({ rows, smallFeed, peopleRows, baselines }, bigLabel, peopleLabel, peopleSize.users);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
