import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { BACKUP_FOLDER_PATTERN, takeSqliteBackup } from './sqlite-backup';
import { repeatInBackground } from '../background-tasks';

/**
 * The server's own backups (api-contract.md "Backups"): with BACKUP_DIR set, on SQLite, one every
 * BACKUP_INTERVAL_SECONDS, keeping the newest BACKUP_KEEP. PostgreSQL's come from pgBackRest.
 */

/**
 * Removes all but the newest `keep` backups in `dir`, and answers what it removed. Only folders
 * named as backupFolderName names them are counted: the erasure log, an operator's own files and
 * a backup still being written (.partial) are never touched.
 */
export function pruneBackups(dir: string, keep: number): string[] {
  const backups = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && BACKUP_FOLDER_PATTERN.test(entry.name))
    .map((entry) => entry.name)
    .sort();
  const removed = backups.slice(0, Math.max(0, backups.length - keep));
  for (const name of removed) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  return removed;
}

/** One scheduled run: a backup, then the pruning; answers the new folder. */
export async function backupTick(
  config: Pick<AppConfig, 'dataDir' | 'backup' | 'media'>,
  now: Date = new Date(),
): Promise<string> {
  const dir = config.backup.dir;
  if (dir === undefined) throw new Error('BACKUP_DIR is not set');
  const folder = await takeSqliteBackup({
    dataDir: config.dataDir,
    to: dir,
    localMedia: config.media.s3 === undefined,
    now,
  });
  pruneBackups(dir, config.backup.keep);
  return folder;
}

/** Starts the timer when BACKUP_DIR is set on SQLite; closing the app stops it. */
export function scheduleBackups(app: FastifyInstance): void {
  const { config } = app;
  if (config.backup.dir === undefined || config.databaseUrl !== undefined) return;
  // A background task: closing the app waits for a backup under way. The first is one interval
  // after the start, not at it.
  repeatInBackground(
    app,
    'scheduled backup',
    config.backup.intervalSeconds * 1000,
    async () => {
      const folder = await backupTick(config);
      app.log.info({ folder }, 'Backup taken');
    },
    { atStart: false },
  );
}
