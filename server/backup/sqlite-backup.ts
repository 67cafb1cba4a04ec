import fs from 'node:fs';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import {
  DATABASE_FILE,
  describeFiles,
  filesUnder,
  JWT_SECRET_FILE,
  MANIFEST_FILE,
  MEDIA_FOLDER,
  type Manifest,
} from './manifest';

/**
 * One backup of a SQLite deployment (api-contract.md "Backups"), taken while the server runs:
 * DIR/<UTC time>/ with the database, the photos of the local store, the generated signing key and
 * manifest.json. The database is copied by SQLite's online backup, never as a file: a file copy of
 * a live database can catch half a transaction. better-sqlite3's backup() copies in steps between
 * which the event loop runs, so the server it runs in keeps answering.
 */

/** A backup folder's name: its UTC time, sortable as text, with no ':' (awkward on some disks). */
export function backupFolderName(at: Date): string {
  return at.toISOString().replace(/:/g, '-').replace('.', '-');
}

/** Names backupFolderName makes: the only folders the schedule ever removes. */
export const BACKUP_FOLDER_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

export interface SqliteBackupOptions {
  /** DATA_DIR of the server. */
  dataDir: string;
  /** The folder that receives DIR/<UTC time>/. */
  to: string;
  /** Whether photos are in DATA_DIR/media (false with S3: the bucket is not copied). */
  localMedia: boolean;
  now?: Date;
}

/** Takes one backup and answers the folder it made. */
export async function takeSqliteBackup(options: SqliteBackupOptions): Promise<string> {
  const takenAt = options.now ?? new Date();
  const source = path.join(options.dataDir, DATABASE_FILE);
  if (!fs.existsSync(source)) throw new Error(`There is no database to back up at ${source}`);
  fs.mkdirSync(options.to, { recursive: true });
  const name = backupFolderName(takenAt);
  const folder = path.join(options.to, name);
  if (fs.existsSync(folder)) throw new Error(`${folder} exists already`);
  // Written under a name the schedule and restore ignore, renamed when whole: a crash midway
  // leaves no folder that looks like a backup.
  const partial = path.join(options.to, `.${name}.partial`);
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial);
  try {
    const db = new Sqlite(source, { fileMustExist: true });
    try {
      // One read transaction around the whole copy. SQLite's online backup starts over whenever
      // another connection writes between two of its steps, and the server writes on a
      // connection of its own: on a server that writes more often than the copy takes, a backup
      // never ended (a 160 MB file with a write every 5 ms: 3,990 restarts in 20 s). In WAL mode
      // a read transaction keeps this connection on one snapshot while writers go on, so the
      // copy is that snapshot, whole, and never restarts (the same file: 0.7 s).
      db.exec('BEGIN');
      db.prepare('select count(*) from sqlite_schema').get();
      await db.backup(path.join(partial, DATABASE_FILE));
      db.exec('COMMIT');
    } finally {
      db.close();
    }
    // After the database: every photo the copy refers to is on disk by now (a photo is stored
    // before its row), and one the sweep erased meanwhile was due already, so is skipped.
    if (options.localMedia) await copyMedia(options.dataDir, partial);
    await copyIfPresent(
      path.join(options.dataDir, JWT_SECRET_FILE),
      path.join(partial, JWT_SECRET_FILE),
    );
    const manifest: Manifest = {
      format: 1,
      database: 'sqlite',
      takenAt: takenAt.toISOString(),
      files: await describeFiles(partial, filesUnder(partial)),
    };
    fs.writeFileSync(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.renameSync(partial, folder);
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
  return folder;
}

/** Asynchronous, so that a server taking its scheduled backup keeps answering between files. */
async function copyIfPresent(from: string, to: string): Promise<void> {
  try {
    await fs.promises.mkdir(path.dirname(to), { recursive: true });
    await fs.promises.copyFile(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

async function copyMedia(dataDir: string, backupFolder: string): Promise<void> {
  const media = path.join(dataDir, MEDIA_FOLDER);
  if (!fs.existsSync(media)) return;
  for (const file of filesUnder(media)) {
    // A file being written (media-storage-folder.ts renames it when whole) is no photo yet.
    if (file.endsWith('.part')) continue;
    await copyIfPresent(path.join(media, file), path.join(backupFolder, MEDIA_FOLDER, file));
  }
}
