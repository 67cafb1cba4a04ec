import path from 'node:path';
import { takeSqliteBackup } from '../backup/sqlite-backup';
import { pgBackupCommand } from './pg-backup-commands';
import { commandConfig, runCommand } from './command';

/**
 * Operator command: one backup, taken while the server runs (docs/operations.md "Backups").
 *
 *   npm run backup -- --to /var/backups/ruminations
 *
 * Makes DIR/<UTC time>/ (the database by SQLite's online backup, the local photos, the signing key,
 * manifest.json) and prints that folder as the last line of its output. Uses the server's
 * configuration (DATA_DIR). With DATABASE_URL set, pgBackRest takes the backup instead
 * (pg-backup-commands.ts): `npm run backup [-- --config <pgbackrest.conf>]`.
 */

const USAGE = 'Usage: npm run backup -- --to <folder>';

async function main(): Promise<number> {
  const config = commandConfig();
  if (typeof config === 'number') return config;
  const args = process.argv.slice(2);
  if (config.databaseUrl !== undefined) return pgBackupCommand(args);
  const to = args[0] === '--to' ? args[1] : undefined;
  if (to === undefined || to === '' || args.length !== 2) {
    console.error(USAGE);
    return 2;
  }
  try {
    const folder = await takeSqliteBackup({
      dataDir: config.dataDir,
      to: path.resolve(to),
      localMedia: config.media.s3 === undefined,
    });
    if (config.media.s3 !== undefined) {
      console.log(`Photos are in the bucket ${config.media.s3.bucket}: back it up on its own.`);
    }
    console.log(folder);
    return 0;
  } catch (error) {
    console.error(`Backup failed: ${(error as Error).message}`);
    return 1;
  }
}

runCommand(main);
