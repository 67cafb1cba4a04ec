import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config';
import { resolveJwtSecret } from '../credentials/jwt-secret';
import { openDatabase } from '../db/open-database';
import { eraseAccount } from '../modules/account/account-erasure';
import { folderMediaStorage } from '../modules/media/media-storage-folder';
import { sweepMedia } from '../modules/media/media-sweep';
import { ERASURE_LOG_FILE, erasureLogPath, erasuresSince } from './erasure-log';
import {
  BackupRefused,
  DATABASE_FILE,
  JWT_SECRET_FILE,
  MEDIA_FOLDER,
  verifiedManifest,
} from './manifest';

/**
 * Restoring a SQLite backup into DATA_DIR, with the server stopped (api-contract.md "Backups").
 * In this order, so that a refusal or a failure leaves the data folder as it was:
 * 1. every file of the backup is checked against its manifest (verifiedManifest);
 * 2. the data folder must hold no data, unless `force`;
 * 3. the backup is copied into a staging folder, where the erasures recorded since the backup was
 *    taken are re-applied (by eraseAccount, the server's own erasure) and their photos' files
 *    erased (the photo sweep), and a new signing key is made;
 * 4. only then are the staged files moved into the data folder, replacing what was there.
 *
 * The new signing key refuses every token signed before the restore, those signed after the
 * backup included (their person may since have been erased, or changed their password): everyone
 * signs in again, with the password the backup holds. With JWT_SECRET set the key is the
 * operator's, and the caller is told to change it.
 */

export interface RestoreOptions {
  /** The backup folder, DIR/<UTC time>. */
  from: string;
  /** The server's configuration (SQLite): DATA_DIR receives the backup. */
  config: AppConfig;
  /** Replace the data the folder holds. */
  force?: boolean;
}

export interface RestoreResult {
  takenAt: string;
  erasuresApplied: number;
}

/** What the data folder holds that a restore replaces (the erasure log is not data: it stays). */
const RESTORED_NAMES = [
  DATABASE_FILE,
  `${DATABASE_FILE}-wal`,
  `${DATABASE_FILE}-shm`,
  MEDIA_FOLDER,
  JWT_SECRET_FILE,
];

/** Whether `dataDir` holds anything but the erasure log. */
function holdsData(dataDir: string): boolean {
  if (!fs.existsSync(dataDir)) return false;
  return fs.readdirSync(dataDir).some((name) => name !== ERASURE_LOG_FILE);
}

export async function restoreSqliteBackup(options: RestoreOptions): Promise<RestoreResult> {
  const { config } = options;
  if (config.databaseUrl !== undefined) throw new Error('restoreSqliteBackup is for SQLite only');
  const manifest = await verifiedManifest(options.from);
  const dataDir = config.dataDir;
  if (!options.force && holdsData(dataDir)) {
    throw new BackupRefused(
      `${dataDir} holds data already; restore into an empty folder, or add --force to replace it`,
    );
  }
  // Read before anything changes: an unreadable log refuses the restore.
  const erasures = erasuresSince(erasureLogPath(config), manifest.takenAt);

  fs.mkdirSync(dataDir, { recursive: true });
  const staging = path.join(dataDir, `.restoring-${process.pid}`);
  fs.rmSync(staging, { recursive: true, force: true });
  try {
    fs.mkdirSync(staging);
    for (const file of manifest.files) {
      if (file.path === JWT_SECRET_FILE) continue; // a new key is made below
      const target = path.join(staging, file.path);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(path.join(options.from, file.path), target);
    }
    const db = await openDatabase({ ...config, dataDir: staging });
    try {
      for (const erasure of erasures) {
        await db.transaction().execute((trx) => eraseAccount(trx, erasure.userId));
      }
      if (config.media.s3 === undefined) {
        await sweepMedia(db, folderMediaStorage(path.join(staging, MEDIA_FOLDER)));
      }
    } finally {
      // Closing the last connection checkpoints the WAL into the file: no erased page stays in it.
      await db.destroy();
    }
    if (config.jwtSecret === undefined) resolveJwtSecret(undefined, staging);

    for (const name of RESTORED_NAMES) {
      fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
    }
    for (const name of RESTORED_NAMES) {
      const staged = path.join(staging, name);
      if (fs.existsSync(staged)) fs.renameSync(staged, path.join(dataDir, name));
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return { takenAt: manifest.takenAt, erasuresApplied: erasures.length };
}
