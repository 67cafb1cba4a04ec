import type { AppConfig } from '../config';
import {
  pgDataOf,
  pgStanza,
  reapplyErasures,
  restorePgBackup,
  takePgBackup,
} from '../backup/pg-backrest';

/**
 * `npm run backup` and `npm run restore` with DATABASE_URL set: pgBackRest's (docs/operations.md
 * "Backups (PostgreSQL, pgBackRest)"). Each returns the command's exit code.
 */

const BACKUP_USAGE =
  'Usage (PostgreSQL, pgBackRest): npm run backup [-- --config <pgbackrest.conf>]';
const RESTORE_USAGE =
  'Usage (PostgreSQL, pgBackRest): npm run restore -- --from <pgbackrest.conf> --to-time <ISO time> ' +
  '[--force] [--no-start] | --erasures-since <ISO time>';

const SESSIONS_ENDED = 'Every session was ended: everyone signs in again with their password.';

/** `--name value` pairs and bare flags; undefined when an argument is not one of `known`. */
function parseArgs(args: string[], known: string[], flags: string[]) {
  const values = new Map<string, string>();
  const set = new Set<string>();
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    if (flags.includes(arg)) set.add(arg);
    else if (known.includes(arg) && args[i + 1] !== undefined && args[i + 1] !== '') {
      values.set(arg, args[i + 1] ?? '');
      i += 1;
    } else return undefined;
  }
  return { values, set };
}

export async function pgBackupCommand(args: string[]): Promise<number> {
  const parsed = parseArgs(args, ['--config'], []);
  if (parsed === undefined) {
    console.error(BACKUP_USAGE);
    return 2;
  }
  try {
    const stanza = pgStanza();
    const done = await takePgBackup({ stanza, configFile: parsed.values.get('--config') });
    console.log(
      `pgBackRest took a ${done.type} backup of stanza ${stanza} in ${done.seconds.toFixed(1)} s: ${done.label}`,
    );
    return 0;
  } catch (error) {
    console.error(`Backup failed: ${(error as Error).message}`);
    return 1;
  }
}

export async function pgRestoreCommand(config: AppConfig, args: string[]): Promise<number> {
  const parsed = parseArgs(
    args,
    ['--from', '--to-time', '--erasures-since'],
    ['--force', '--no-start'],
  );
  const since = parsed?.values.get('--erasures-since');
  if (
    parsed !== undefined &&
    since !== undefined &&
    parsed.values.size === 1 &&
    parsed.set.size === 0
  ) {
    try {
      const applied = await reapplyErasures(config, new Date(since).toISOString());
      console.log(`${applied} account erasure(s) recorded since ${since} re-applied.`);
      console.log(SESSIONS_ENDED);
      return 0;
    } catch (error) {
      console.error(`Re-applying the erasures failed: ${(error as Error).message}`);
      return 1;
    }
  }
  const from = parsed?.values.get('--from');
  const toTime = parsed?.values.get('--to-time');
  if (parsed === undefined || from === undefined || toTime === undefined || since !== undefined) {
    console.error(RESTORE_USAGE);
    return 2;
  }
  try {
    const stanza = pgStanza();
    const pgData = parsed.set.has('--no-start') ? undefined : pgDataOf(from, stanza);
    const result = await restorePgBackup({
      config,
      configFile: from,
      stanza,
      toTime,
      force: parsed.set.has('--force'),
      pgData,
    });
    console.log(
      `pgBackRest restored stanza ${stanza} to ${toTime} in ${result.restoreSeconds.toFixed(1)} s.`,
    );
    if (result.erasuresApplied === undefined) {
      console.log(
        'Now start PostgreSQL (it promotes itself at the target time), then, before the server: ' +
          `npm run restore -- --erasures-since ${toTime}`,
      );
    } else {
      console.log(
        `PostgreSQL started on ${pgData ?? ''}; ${result.erasuresApplied} account erasure(s) made since then re-applied.`,
      );
      console.log(SESSIONS_ENDED);
    }
    return 0;
  } catch (error) {
    console.error(`Restore failed: ${(error as Error).message}`);
    return 1;
  }
}
