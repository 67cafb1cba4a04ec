import { ConfigError, loadConfig, type AppConfig } from '../config';

/**
 * The configuration of `npm run backup` and `npm run restore`: SQLite's when DATABASE_URL is
 * unset, else PostgreSQL's (pgBackRest: pg-backup-commands.ts).
 */

/** A command's configuration, or the exit code after telling the operator what is wrong. */
export function sqliteCommandConfig(): AppConfig | number {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
}
