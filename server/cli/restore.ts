import path from 'node:path';
import { BackupRefused } from '../backup/manifest';
import { restoreSqliteBackup } from '../backup/restore';
import { pgRestoreCommand } from './pg-backup-commands';
import { commandConfig, runCommand } from './command';

/**
 * Operator command: restore a backup into DATA_DIR, with the server stopped
 * (docs/operations.md "Backups").
 *
 *   npm run restore -- --from /var/backups/ruminations/2026-11-29T07-00-00-000Z [--force]
 *
 * Every file is checked against the backup's manifest first; a mismatch, or a data folder that
 * holds data without --force, is refused (exit 1) with nothing changed. The erasures recorded since
 * the backup (erasures.jsonl) are re-applied before the server can answer. With DATABASE_URL set,
 * pgBackRest restores to a point in time instead (pg-backup-commands.ts):
 *   npm run restore -- --from <pgbackrest.conf> --to-time <ISO time> [--force] [--no-start]
 */

const USAGE = 'Usage: npm run restore -- --from <backup folder> [--force]';

async function main(): Promise<number> {
  const config = commandConfig();
  if (typeof config === 'number') return config;
  const args = process.argv.slice(2);
  if (config.databaseUrl !== undefined) return pgRestoreCommand(config, args);
  const force = args.includes('--force');
  const rest = args.filter((arg) => arg !== '--force');
  const from = rest[0] === '--from' ? rest[1] : undefined;
  if (from === undefined || from === '' || rest.length !== 2) {
    console.error(USAGE);
    return 2;
  }
  try {
    const result = await restoreSqliteBackup({ from: path.resolve(from), config, force });
    console.log(
      `Restored the backup taken at ${result.takenAt} into ${config.dataDir}; ` +
        `${result.erasuresApplied} account erasure(s) made since then re-applied.`,
    );
    console.log(
      config.jwtSecret === undefined
        ? 'A new signing key was made: everyone signs in again with their password.'
        : 'JWT_SECRET is set: change it before starting the server, or tokens signed after the backup still work.',
    );
    return 0;
  } catch (error) {
    if (error instanceof BackupRefused) {
      console.error(`Restore refused, nothing changed: ${error.message}`);
      return 1;
    }
    console.error(`Restore failed: ${(error as Error).message}`);
    return 1;
  }
}

runCommand(main);
