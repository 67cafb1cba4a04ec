import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { addDays, localDateOf, localDayBounds } from '../../../src/domain/local-days';
import { WEEKDAYS, type Reminder } from '../../../src/domain/preferences';
import {
  nextReminderAt,
  onThisDayDatesIn,
  type OnThisDayYear,
} from '../../../src/domain/write-reminders';
import { rowLimit } from '../../db/row-limit';
import type { Database, ReminderClaimsTable } from '../../db/schema';
import { savePreferences } from '../preferences/preferences-queries';

/**
 * SQL of "Remind me to write" (migration 0027): who is due (user_preferences_next_reminder), a
 * person's facts, their notes of a day (ruminations_author_created, 0025: a local day's bounds as
 * instants), the claim of a day (reminder_claims' primary key) and the messages it queues.
 */

const iso = (ms: number) => new Date(ms).toISOString();

function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

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
  const user = await db
    .selectFrom('users')
    .select(['email', 'display_name'])
    .where('id', '=', userId)
    .where('is_active', '=', 1)
    .$if(isPostgres(db), (q) => q.forShare())
    .executeTakeFirst();
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
      days: WEEKDAYS.filter((d) => (row.reminder_days & (1 << d)) !== 0),
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

/**
 * How many notes the person wrote on this day of each earlier year (contract: on this day), in
 * their zone: from the year of their first note, one query whose ranges are those days' bounds.
 */
export async function onThisDayCounts(
  db: Kysely<Database>,
  userId: number,
  date: string,
  zone: string,
): Promise<OnThisDayYear[]> {
  const first = await db
    .selectFrom('ruminations')
    .select((eb) => eb.fn.min('create_tms').as('first'))
    .where('author_id', '=', userId)
    .executeTakeFirst();
  if (first?.first == null) return [];
  const thisYear = Number(date.slice(0, 4));
  const firstYear = Number(localDateOf(Date.parse(first.first), zone).slice(0, 4));
  const ranges: { start: number; end: number }[] = [];
  for (let year = thisYear - 1; year >= firstYear; year--) {
    for (const day of onThisDayDatesIn(date, year)) ranges.push(localDayBounds(day, zone));
  }
  if (ranges.length === 0) return [];
  const rows = await db
    .selectFrom('ruminations')
    .select('create_tms')
    .where('author_id', '=', userId)
    .where('deleted_tms', 'is', null)
    .where((eb) =>
      eb.or(
        ranges.map((r) =>
          eb.and([eb('create_tms', '>=', iso(r.start)), eb('create_tms', '<', iso(r.end))]),
        ),
      ),
    )
    .orderBy('create_tms', 'desc')
    .limit(rowLimit(ON_THIS_DAY_READ_MAX))
    .execute();
  const counts = new Map<number, number>();
  for (const row of rows) {
    const year = Number(localDateOf(Date.parse(row.create_tms), zone).slice(0, 4));
    counts.set(year, (counts.get(year) ?? 0) + 1);
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

/**
 * Turns a person's reminder off (a reminder email's one-click link), as a PUT of `reminder.time`
 * null would, in one transaction that first reads their account (FOR SHARE on PostgreSQL, see
 * findReminderPerson). Answers false, having written nothing, when the account is not active.
 */
export async function turnReminderOff(db: Kysely<Database>, userId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .where('is_active', '=', 1)
      .$if(isPostgres(trx), (q) => q.forShare())
      .executeTakeFirst();
    if (user === undefined) return false;
    await savePreferences(trx, userId, { reminder: { time: null } }, new Date().toISOString());
    await setNextReminder(trx, userId, null);
    return true;
  });
}
