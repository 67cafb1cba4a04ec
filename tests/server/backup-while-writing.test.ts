import fs from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../server/backup/manifest';
import { takeSqliteBackup } from '../../server/backup/sqlite-backup';
import { backupConfig, onPostgres, serverOn, tempFolder } from './support/backup-support';
import { createActiveUser, type TestApp } from './support/test-app';

/**
 * A backup of a server that keeps writing (api-contract.md "Backups": taken while the server
 * runs). SQLite's online backup starts over whenever another connection writes between two of
 * its steps; the copy must end anyway, whole, as the database was at one moment.
 */

describe.skipIf(onPostgres)('a backup while the database is written to', () => {
  let backupDir: string;
  let dataDir: string;
  let t: TestApp;

  beforeAll(async () => {
    backupDir = tempFolder('backups');
    dataDir = tempFolder('data');
    t = await serverOn(backupConfig(dataDir, backupDir));
    await createActiveUser(t.app);
    // Larger than one step of the copy (100 pages), so that writes can fall between steps.
    const filler = new Sqlite(path.join(dataDir, DATABASE_FILE));
    filler.exec('create table filler (id integer primary key, text text)');
    const insert = filler.prepare('insert into filler (text) values (?)');
    filler.transaction(() => {
      for (let i = 0; i < 40_000; i++) insert.run('x'.repeat(200));
    })();
    filler.close();
  });

  afterAll(async () => {
    await t.close();
    for (const dir of [backupDir, dataDir]) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('ends, with every row of one moment, while another connection writes every 2 ms', async () => {
    const writer = new Sqlite(path.join(dataDir, DATABASE_FILE));
    const write = writer.prepare('insert into filler (text) values (?)');
    const writing = setInterval(() => write.run('written during the backup'), 2);
    let folder: string;
    try {
      folder = await takeSqliteBackup({ dataDir, to: backupDir, localMedia: true });
    } finally {
      clearInterval(writing);
      writer.close();
    }
    const copy = new Sqlite(path.join(folder, DATABASE_FILE), { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const rows = copy.prepare('select count(*) as n from filler').get() as { n: number };
      expect(rows.n).toBeGreaterThanOrEqual(40_000);
    } finally {
      copy.close();
    }
  }, 15_000);
});
