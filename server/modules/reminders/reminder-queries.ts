import { sql, type Kysely } from 'kysely';
import { addDays } from '../../../src/domain/local-days';
import type { Reminder } from '../../../src/domain/preferences';
import { nextReminderAt, type OnThisDayYear } from '../../../src/domain/write-reminders';
import { localYearOf, onThisDayRanges } from '../../../src/domain/memories';
import { createdTimesInRanges, noteSpanOf } from '../memories/memory-queries';
import { rowLimit } from '../../db/row-limit';
import type { Database, ReminderClaimsTable } from '../../db/schema';
import { daysOfMask } from '../preferences/preferences-queries';
import { activeUserRow } from '../../credentials/writer-lock';

/**
 * SQL of "Remind me to write" (migration 0027): who is due (user_preferences_next_reminder), a
 * person's facts, their notes of a day (ruminations_author_created, 0025: a local day's bounds as
 * instants), the claim of a day (reminder_claims' primary key) and the messages it queues.
 */

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The next `limit` people after `afterUserId` whose next reminder instant has come. The partial
 * index holds only people with a reminder, and the range read is only those due now (a minute's
 * worth once the scheduler keeps up); their few rows are then sorted by id for paging.
 */
export async function peopleDueReminder(
  db: Kysely<Database>,
  now: string,
  afterUserId: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('user_preferences')
    .select('user_id')
    .where('next_reminder_at', 'is not', null)
    .where('next_reminder_at', '<=', now)
    .where('user_id', '>', afterUserId)
    .orderBy('user_id')
    .limit(rowLimit(limit))
    .execute();
  return rows.map((row) => row.user_id);
}

export interface ReminderPerson {
  email: string;
  displayName: string;
  zone: string;
  reminder: Reminder;
  /** The last local date a reminder was claimed for, or null. */
  lastClaimedDate: string | null;
  hasPush: boolean;
}

/**
 * A person's reminder facts, or undefined when their account is not active or has no preferences.
 * On PostgreSQL the user row is read FOR SHARE, as every write of theirs (writer-lock.ts): an
 * erasure waits for the claim's transaction, or the claim finds the account gone.
 */
export async function findReminderPerson(
  db: Kysely<Database>,
  userId: number,
): Promise<ReminderPerson | undefined> {
  const user = await activeUserRow(db, userId).select(['email', 'display_name']).executeTakeFirst();
  if (user === undefined) return undefined;
  const row = await db
    .selectFrom('user_preferences as p')
    .select((eb) => [
      'p.time_zone',
      'p.reminder_time',
      'p.reminder_days',
      eb
        .selectFrom('reminder_claims as c')
        .select((c) => c.fn.max('c.local_date').as('d'))
        .whereRef('c.user_id', '=', 'p.user_id')
        .as('last_claimed'),
      eb
        .exists(
          eb
            .selectFrom('push_subscriptions as s')
            .select('s.id')
            .whereRef('s.user_id', '=', 'p.user_id'),
        )
        .as('has_push'),
    ])
    .where('p.user_id', '=', userId)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    email: user.email,
    displayName: user.display_name,
    zone: row.time_zone,
    reminder: {
      time: row.reminder_time,
      days: daysOfMask(row.reminder_days),
    },
    lastClaimedDate: row.last_claimed ?? null,
    // SQLite answers 1/0, PostgreSQL true/false.
    hasPush: Boolean(row.has_push),
  };
}

/** Whether the person created a note (draft or published, not in the trash) in [start, end). */
export async function wroteBetween(
  db: Kysely<Database>,
  userId: number,
  start: number,
  end: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('ruminations')
    .select('id')
    .where('author_id', '=', userId)
    .where('create_tms', '>=', iso(start))
    .where('create_tms', '<', iso(end))
    .where('deleted_tms', 'is', null)
    .limit(rowLimit(1))
    .executeTakeFirst();
  return row !== undefined;
}

/** Notes read at most for on this day: far more than any person writes on one date. */
const ON_THIS_DAY_READ_MAX = 1000;

/** Years asked per query (SQLite allows 500 arms in a UNION ALL): memory-service.ts says why. */
const YEARS_PER_QUERY = 100;

/**
 * How many notes the person wrote on this day of each earlier year (contract: on this day), in
 * their zone: the ranges of src/domain/memories.ts (one per earlier year they wrote in), each a seek
 * of ruminations_author_created (server/modules/memories/memory-queries.ts), newest years first,
 * until a query finds any (the reminder names the most recent year only).
 */
export async function onThisDayCounts(
  db: Kysely<Database>,
  userId: number,
  date: string,
  zone: string,
): Promise<OnThisDayYear[]> {
  const span = await noteSpanOf(db, userId);
  if (span === undefined) return [];
  const ranges = onThisDayRanges(date, zone, {
    first: localYearOf(span.first, zone),
    last: localYearOf(span.last, zone),
  });
  const counts = new Map<number, number>();
  for (let i = 0; i < ranges.length && counts.size === 0; i += YEARS_PER_QUERY) {
    const chunk = ranges.slice(i, i + YEARS_PER_QUERY);
    for (const tms of await createdTimesInRanges(db, userId, chunk, ON_THIS_DAY_READ_MAX)) {
      const year = localYearOf(tms, zone);
      counts.set(year, (counts.get(year) ?? 0) + 1);
    }
  }
  return [...counts].map(([year, count]) => ({ year, count }));
}

/**
 * Claims a person's day; answers whether this call won it (false: another instance, or an
 * earlier run, has it). The claims of more than a week ago go with it: only the last one is read.
 */
export async function claimReminderDay(
  db: Kysely<Database>,
  userId: number,
  date: string,
  channel: ReminderClaimsTable['channel'],
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto('reminder_claims')
    .values({ user_id: userId, local_date: date, channel, create_tms: now })
    .onConflict((oc) => oc.columns(['user_id', 'local_date']).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  await db
    .deleteFrom('reminder_claims')
    .where('user_id', '=', userId)
    .where('local_date', '<', addDays(date, -7))
    .execute();
  return true;
}

/** A claim given back: the email could not be sent, the next run tries again (SQLite). */
export async function releaseReminderDay(
  db: Kysely<Database>,
  userId: number,
  date: string,
): Promise<void> {
  await db
    .deleteFrom('reminder_claims')
    .where('user_id', '=', userId)
    .where('local_date', '=', date)
    .execute();
}

/** One Web Push message per device of the person, due now, for any instance's sender. */
export async function queueReminderPush(
  db: Kysely<Database>,
  userId: number,
  payload: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('push_outbox')
    .columns(['subscription_id', 'due_tms', 'payload'])
    .expression((eb) =>
      eb
        .selectFrom('push_subscriptions as s')
        .select([
          's.id',
          sql<string>`cast(${now} as text)`.as('due_tms'),
          sql<string>`cast(${payload} as text)`.as('payload'),
        ])
        .where('s.user_id', '=', userId)
        .orderBy('s.id'),
    )
    .execute();
}

/** Stores when the person's reminder may next be due (null: never, until they set one). */
export async function setNextReminder(
  db: Kysely<Database>,
  userId: number,
  next: number | null,
): Promise<void> {
  await db
    .updateTable('user_preferences')
    .set({ next_reminder_at: next === null ? null : iso(next) })
    .where('user_id', '=', userId)
    .execute();
}

/**
 * After a change of preferences (inside its transaction, so the row and its instant agree): the
 * first instant from now the reminder may ring. Today's, when its time is still to come.
 */
export async function rescheduleReminder(
  db: Kysely<Database>,
  userId: number,
  zone: string,
  reminder: Reminder,
  now: number,
): Promise<void> {
  await setNextReminder(db, userId, nextReminderAt(zone, reminder, now));
}
