import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erasureLogPath } from '../../server/backup/erasure-log';
import { REPO_ROOT } from '../../scripts/support/repo-root';
import type { AppConfig } from '../../server/config';
import type { Rumination } from '../../src/api/rumination-schemas';
import { call, commentOnEach, relation, writeRumination, type Person } from './ruminations-support';
import { backupConfig, serverOn, tempFolder } from './support/backup-support';
import { createActiveUser, type TestApp } from './support/test-app';
import { testConnectionConfig } from './support/test-database';
import type { TestUser } from './support/test-users';

/**
 * The restore drill on PostgreSQL (api-contract.md "Backups"), run by
 * scripts/pg/with-test-pgbackrest.sh (CI: scripts/test-all.sh, "backup drill (pgBackRest,
 * point-in-time)"); skipped elsewhere. People write; pgBackRest takes a backup; they write more;
 * the time T is noted; after T one writes again and another erases their account; the WAL is
 * archived, the cluster stopped and its data folder deleted; pgBackRest restores it to T, the
 * cluster starts, the erasures recorded since T are re-applied. Then each surviving person's JSON
 * export is what it was at T, nothing written after T is there, and the erased account is gone.
 * Photos are not in PostgreSQL (the local photo folder or S3, docs/operations.md): the SQLite
 * drill (backup-drill.test.ts) covers them.
 */

const pgData = process.env['TEST_PGBACKREST_PGDATA'];
const databaseUrl = process.env['DATABASE_URL'];
const conf = process.env['PGBACKREST_CONFIG'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const TSX = path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const run = promisify(execFile);

describe.skipIf(pgData === undefined || databaseUrl === undefined || conf === undefined)(
  'a PostgreSQL cluster lost and restored to a point in time by pgBackRest',
  () => {
    let config: AppConfig;
    let dataDir: string;
    let backupDir: string;
    let after: TestApp;
    let alice: TestUser;
    let bob: TestUser;
    let carol: TestUser;
    let carolNote: Rumination;
    let beforeT: Rumination;
    let afterT: Rumination;
    let restoreOutput: string;
    let tokenAfterT: string;
    const exportsAtT = new Map<number, unknown>();

    beforeAll(async () => {
      dataDir = tempFolder('data');
      backupDir = tempFolder('backups');
      config = {
        ...backupConfig(dataDir, backupDir),
        databaseUrl,
        ...testConnectionConfig(),
      };
      const before = await serverOn(config);
      alice = await createActiveUser(before.app);
      bob = await createActiveUser(before.app);
      carol = await createActiveUser(before.app);
      const aliceNote = await writeRumination(before, asPerson(alice), { content: 'first' });
      carolNote = await writeRumination(before, asPerson(carol), { content: 'carol was here' });
      await relation(before.db, alice, bob, 1, 'accepted');
      await commentOnEach(before, [
        [asPerson(bob), aliceNote],
        [asPerson(carol), carolNote],
      ]);

      // As the operator runs them: npm run backup, npm run restore (pgBackRest through PGBACKREST_CONFIG).
      const command = async (script: string, args: string[]) => {
        const env = { ...process.env, DATA_DIR: dataDir, BACKUP_DIR: backupDir, JWT_SECRET: '' };
        const { stdout } = await run(process.execPath, [TSX, `server/cli/${script}`, ...args], {
          cwd: REPO_ROOT,
          env,
        });
        return stdout;
      };
      const backupOutput = await command('backup.ts', []);
      // The backup set must have ended before T for a restore to T to start from it.
      await sleep(1100);

      // After the backup, before T: only the archived WAL brings these back.
      beforeT = await writeRumination(before, asPerson(alice), { content: 'between backup and T' });
      const reply = await call(before, 'POST', '/api/comments', {
        as: asPerson(bob),
        body: { ruminationId: beforeT.id, content: 'bob replies before T' },
      });
      expect(reply.statusCode).toBe(201);
      for (const who of [alice, bob]) exportsAtT.set(who.id, await jsonExport(before, who));
      // Clean second boundaries around T: nothing committed within a second of it.
      await sleep(1100);
      const t = new Date().toISOString();
      await sleep(1100);

      afterT = await writeRumination(before, asPerson(alice), { content: 'after T' });
      // A sign-in after T: its token must not outlive the restore.
      tokenAfterT = await signIn(before, alice);
      const erased = await call(before, 'DELETE', '/api/account', {
        as: asPerson(carol),
        body: { password: carol.password },
      });
      expect(erased.statusCode).toBe(204);
      await before.close();
      await archiveWal(databaseUrl ?? '');

      pgCtl(['-D', pgData ?? '', '-m', 'fast', '-w', 'stop']);
      fs.rmSync(pgData ?? '', { recursive: true, force: true });

      const started = Date.now();
      restoreOutput = await command('restore.ts', ['--from', conf ?? '', '--to-time', t]);
      const restoreWall = (Date.now() - started) / 1000;
      after = await serverOn(config);
      // Every session ended with the restore: the survivors sign in again, with their passwords.
      for (const who of [alice, bob]) who.token = await signIn(after, who);
      console.log(
        `${backupOutput.trim()}\n${restoreOutput.trim()}\n` +
          `pgBackRest drill: restore to T with start, promotion and erasures ${restoreWall.toFixed(1)} s`,
      );
    }, 120_000);

    afterAll(async () => {
      await after?.close();
      for (const dir of [dataDir, backupDir]) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('each surviving person’s export is what it was at T', async () => {
      for (const who of [alice, bob]) {
        expect(await jsonExport(after, who)).toEqual(exportsAtT.get(who.id));
      }
      const kept = await call(after, 'GET', `/api/ruminations/${beforeT.id}`, {
        as: asPerson(alice),
      });
      expect(kept.statusCode).toBe(200);
    });

    it('a token signed after T is refused: every session ended with the restore', async () => {
      const res = await call(after, 'GET', '/api/ruminations/my', {
        as: { ...asPerson(alice), token: tokenAfterT },
      });
      expect(res.statusCode).toBe(401);
    });

    it('what was written after T is not there', async () => {
      const res = await call(after, 'GET', `/api/ruminations/${afterT.id}`, {
        as: asPerson(alice),
      });
      expect(res.statusCode).toBe(404);
    });

    it('the account erased after T stays erased: re-applied, no sign-in, its notes 404', async () => {
      expect(fs.readFileSync(erasureLogPath(config), 'utf8')).toContain(`"userId":${carol.id}`);
      expect(restoreOutput).toMatch(/; 1 account erasure\(s\) made since then re-applied/);
      const signIn = await after.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: carol.username, password: carol.password },
      });
      expect(signIn.statusCode).toBe(401);
      const note = await call(after, 'GET', `/api/ruminations/${carolNote.id}`, {
        as: asPerson(bob),
      });
      expect(note.statusCode).toBe(404);
    });
  },
);

async function jsonExport(t: TestApp, who: TestUser) {
  const res = await call(t, 'GET', '/api/account/export?format=json', { as: asPerson(who) });
  expect(res.statusCode).toBe(200);
  // The export's own time changes with each call.
  const { exportedAt: _exportedAt, ...rest } = res.json<Record<string, unknown>>();
  return rest;
}

/** Switches to a new WAL file and waits until pgBackRest has archived the one holding T's end. */
async function archiveWal(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const switched = await client.query<{ wal: string }>(
      'select pg_walfile_name(pg_switch_wal()) as wal',
    );
    const wal = switched.rows[0]?.wal ?? '';
    for (let i = 0; i < 300; i += 1) {
      const res = await client.query<{ last: string | null }>(
        'select last_archived_wal as last from pg_stat_archiver',
      );
      if ((res.rows[0]?.last ?? '') >= wal) return;
      await sleep(100);
    }
    throw new Error(`${wal} was not archived within 30 s`);
  } finally {
    await client.end();
  }
}

function pgCtl(args: string[]): void {
  const bin = spawnSync('bash', ['scripts/pg/find-postgres-bin.sh'], { encoding: 'utf8' });
  const pgCtlPath = `${bin.stdout.trim()}/pg_ctl`;
  const asRoot = process.getuid?.() === 0;
  const res = spawnSync(
    asRoot ? 'runuser' : pgCtlPath,
    asRoot ? ['-u', 'postgres', '--', pgCtlPath, ...args] : args,
    { stdio: 'inherit' },
  );
  if (res.status !== 0) throw new Error(`pg_ctl ${args.join(' ')} exited with ${res.status}`);
}

/** Signs in through the API, as a person does: the new token. */
async function signIn(t: TestApp, who: TestUser): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: who.username, password: who.password },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ accessToken: string }>().accessToken;
}

function asPerson(user: TestUser): Person {
  return { id: user.id, username: user.username, token: user.token };
}
