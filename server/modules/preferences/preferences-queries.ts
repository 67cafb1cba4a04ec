import { sql, type Expression, type Kysely, type Selectable } from 'kysely';
import { isLanguage } from '../../../src/api/languages';
import {
  defaultPreferences,
  mergePreferences,
  normalDays,
  PUSH_KINDS,
  WEEKDAYS,
  type PreferenceChange,
  type PreferenceValues,
  type PushKind,
} from '../../../src/domain/preferences';
import type { Database, UserPreferencesTable } from '../../db/schema';
import { audiencesToMask, maskToAudiences } from '../ruminations/audience-mask';

/**
 * The `user_preferences` row of a person (migration 0017): none until they change anything, when
 * the defaults hold (src/domain/preferences.ts). A null mask is "ask each time" (migration 0021);
 * a null language follows the browser (migration 0029).
 */

type PreferencesRow = Selectable<UserPreferencesTable>;

const SEPARATOR = ',';

/** Weekdays as a bit mask (bit d for weekday d), as `reminder_days` holds them. */
function daysMaskOf(days: readonly number[]): number {
  return days.reduce((mask, day) => mask | (1 << day), 0);
}

export function daysOfMask(mask: number): number[] {
  return normalDays(WEEKDAYS.filter((day) => (mask & (1 << day)) !== 0));
}

function pushOffOf(push: Record<PushKind, boolean>): string {
  return PUSH_KINDS.filter((kind) => !push[kind]).join(SEPARATOR);
}

/** A row as the rules hold preferences; a kind the list no longer knows is left out. */
function valuesOf(row: PreferencesRow | undefined): PreferenceValues {
  const values = defaultPreferences();
  if (row === undefined) return values;
  const off = new Set(row.push_off.split(SEPARATOR));
  return {
    defaultAudiences:
      row.default_audiences === null ? null : maskToAudiences(row.default_audiences),
    emailDigest: row.email_digest,
    push: Object.fromEntries(PUSH_KINDS.map((kind) => [kind, !off.has(kind)])) as Record<
      PushKind,
      boolean
    >,
    timeZone: row.time_zone,
    reminder: { time: row.reminder_time, days: daysOfMask(row.reminder_days) },
    // A language this version does not speak (written by a later one) follows the browser.
    language: isLanguage(row.language) ? row.language : null,
  };
}

export async function findPreferences(
  db: Kysely<Database>,
  userId: number,
): Promise<PreferenceValues> {
  const row = await db
    .selectFrom('user_preferences')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return valuesOf(row);
}

/**
 * `push_off` after a change of some push kinds, computed from the row as it is when the update
 * runs: a kind the change names takes its value, any other keeps the stored one (mergePreferences'
 * "push kinds one by one", said in SQL so that it reads the latest row, see savePreferences).
 */
function mergedPushOff(push: Partial<Record<PushKind, boolean>>): Expression<string> {
  const stored = sql<string>`(${sql.lit(SEPARATOR)} || user_preferences.push_off || ${sql.lit(SEPARATOR)})`;
  const pieces = PUSH_KINDS.map((kind) => {
    const piece = sql.lit(`${SEPARATOR}${kind}`);
    const sent = push[kind];
    if (sent !== undefined) return sent ? sql.lit('') : piece;
    const pattern = sql.lit(`%${SEPARATOR}${kind}${SEPARATOR}%`);
    return sql<string>`(case when ${stored} like ${pattern} then ${piece} else '' end)`;
  });
  // ltrim(text, characters) is the same function in SQLite and PostgreSQL.
  return sql<string>`ltrim(${sql.join(pieces, sql` || `)}, ${sql.lit(SEPARATOR)})`;
}

/**
 * Applies a change (any subset of the fields) and answers the preferences it leaves. One statement,
 * an upsert that sets only the fields sent, computed from the row as the update finds it: two
 * concurrent PUTs never fail on the key and never undo each other's fields (on PostgreSQL the
 * second waits for the first's row and then updates the committed version).
 */
export async function savePreferences(
  db: Kysely<Database>,
  userId: number,
  change: PreferenceChange,
  now: string,
): Promise<PreferenceValues> {
  const fresh = mergePreferences(defaultPreferences(), change);
  const row = await db
    .insertInto('user_preferences')
    .values({
      user_id: userId,
      default_audiences:
        fresh.defaultAudiences === null ? null : audiencesToMask(fresh.defaultAudiences),
      email_digest: fresh.emailDigest,
      push_off: pushOffOf(fresh.push),
      time_zone: fresh.timeZone,
      reminder_time: fresh.reminder.time,
      reminder_days: daysMaskOf(fresh.reminder.days),
      language: fresh.language,
      update_tms: now,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({
        update_tms: eb.ref('excluded.update_tms'),
        ...(change.defaultAudiences === undefined
          ? {}
          : { default_audiences: eb.ref('excluded.default_audiences') }),
        ...(change.emailDigest === undefined
          ? {}
          : { email_digest: eb.ref('excluded.email_digest') }),
        ...(change.push === undefined ? {} : { push_off: mergedPushOff(change.push) }),
        ...(change.timeZone === undefined ? {} : { time_zone: eb.ref('excluded.time_zone') }),
        ...(change.reminder?.time === undefined
          ? {}
          : { reminder_time: eb.ref('excluded.reminder_time') }),
        ...(change.reminder?.days === undefined
          ? {}
          : { reminder_days: eb.ref('excluded.reminder_days') }),
        ...(change.language === undefined ? {} : { language: eb.ref('excluded.language') }),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return valuesOf(row);
}
