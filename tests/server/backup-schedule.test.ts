import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupTick } from '../../server/backup/backup-schedule';
import { ERASURE_LOG_FILE } from '../../server/backup/erasure-log';
import { BACKUP_FOLDER_PATTERN, backupFolderName } from '../../server/backup/sqlite-backup';
import { backupConfig, onPostgres, serverOn, tempFolder } from './support/backup-support';
import { createActiveUser, type TestApp } from './support/test-app';

/**
 * The server's own backups (api-contract.md "Backups"): with BACKUP_DIR set, one every
 * BACKUP_INTERVAL_SECONDS, the newest BACKUP_KEEP kept. SQLite only.
 */

describe.skipIf(onPostgres)('scheduled backups', () => {
  let backupDir: string;
  let dataDir: string;
  let t: TestApp;

  beforeAll(async () => {
    backupDir = tempFolder('backups');
    dataDir = tempFolder('data');
    t = await serverOn(backupConfig(dataDir, backupDir, { keep: 3 }));
    await createActiveUser(t.app);
  });

  afterAll(async () => {
    await t.close();
    for (const dir of [backupDir, dataDir]) fs.rmSync(dir, { recursive: true, force: true });
  });

  const backups = () =>
    fs
      .readdirSync(backupDir)
      .filter((name) => BACKUP_FOLDER_PATTERN.test(name))
      .sort();

  it('keeps the newest BACKUP_KEEP backups, and nothing else of the folder goes', async () => {
    fs.writeFileSync(path.join(backupDir, ERASURE_LOG_FILE), '');
    fs.mkdirSync(path.join(backupDir, 'operator-notes'));
    const times = [1, 2, 3, 4, 5].map((hour) => new Date(Date.UTC(2026, 0, 1, hour)));
    for (const time of times) await backupTick(t.app.config, time);
    expect(backups()).toEqual(times.slice(2).map(backupFolderName));
    expect(fs.existsSync(path.join(backupDir, ERASURE_LOG_FILE))).toBe(true);
    expect(fs.existsSync(path.join(backupDir, 'operator-notes'))).toBe(true);
  });

  it('the server takes one every BACKUP_INTERVAL_SECONDS while it answers, and stops on close', async () => {
    const folder = tempFolder('scheduled');
    const server = await serverOn({
      ...backupConfig(dataDir, folder, { intervalSeconds: 1 }),
    });
    try {
      const started = Date.now();
      while (fs.readdirSync(folder).filter((n) => BACKUP_FOLDER_PATTERN.test(n)).length === 0) {
        expect(Date.now() - started).toBeLessThan(5000);
        // The server answers meanwhile.
        expect((await server.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(
          200,
        );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await server.close();
    }
    const taken = fs.readdirSync(folder).filter((n) => BACKUP_FOLDER_PATTERN.test(n));
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(fs.readdirSync(folder).filter((n) => BACKUP_FOLDER_PATTERN.test(n))).toEqual(taken);
    fs.rmSync(folder, { recursive: true, force: true });
  });
});
