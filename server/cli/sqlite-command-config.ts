import { ConfigError, loadConfig, type AppConfig } from '../config';

/**
 * The configuration of `npm run backup` and `npm run restore`, which cover SQLite only for now:
 * PostgreSQL's backups (pgBackRest, api-contract.md "Backups") are later work.
 */

/** A command's configuration, or the exit code after telling the operator what is wrong. */
export function sqliteCommandConfig(): AppConfig | number {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  if (config.databaseUrl !== undefined) {
    console.error(
      'DATABASE_URL is set: backups of PostgreSQL (pgBackRest) are not there yet; only SQLite is backed up for now.',
    );
    return 2;
  }
  return config;
}
