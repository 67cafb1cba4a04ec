import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../server/app';
import type { AppConfig } from '../../../server/config';
import { resolveJwtSecret } from '../../../server/credentials/jwt-secret';
import { openDatabase } from '../../../server/db/open-database';
import { createMemoryMailer } from './memory-mailer';
import { testConfig, type TestApp } from './test-app';
import { testPostgresUrl } from './test-database';

/**
 * The backup tests' servers: SQLite in a data folder of its own, opened as main.ts opens it
 * (openDatabase, the signing key generated into DATA_DIR), so that what a backup copies and a
 * restore puts back is what a real server would use. SQLite by default: the pgBackRest drill
 * (backup-drill-pg.test.ts) sets DATABASE_URL on backupConfig's result.
 */

export const onPostgres = testPostgresUrl() !== undefined;

export function tempFolder(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `ruminations-${label}-`));
}

/** The test configuration on `dataDir`, backups (and the erasure log) in `backupDir`. */
export function backupConfig(
  dataDir: string,
  backupDir: string,
  backup: Partial<AppConfig['backup']> = {},
): AppConfig {
  const base = testConfig(dataDir, { databaseUrl: undefined });
  return { ...base, backup: { ...base.backup, dir: backupDir, ...backup } };
}

/** A server on `config.dataDir`; close() leaves the folder (a test "loses" it itself). */
export async function serverOn(config: AppConfig): Promise<TestApp> {
  const db = await openDatabase(config);
  const mailer = createMemoryMailer();
  const app = await buildApp({
    config,
    db,
    jwtSecret: resolveJwtSecret(undefined, config.dataDir),
    mailer,
    logger: false,
  });
  await app.ready();
  return {
    app,
    db,
    mailer,
    dataDir: config.dataDir,
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}

/** Every file under `folder` with its content, to show a folder was left exactly as it was. */
export function folderContents(folder: string): Record<string, string> {
  const contents: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else contents[path.relative(folder, full)] = fs.readFileSync(full).toString('base64');
    }
  };
  if (fs.existsSync(folder)) walk(folder);
  return contents;
}
