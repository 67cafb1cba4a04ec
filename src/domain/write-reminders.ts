import { sayInEnglish, type Say } from '../api/say';
import { addDays, instantOfWallTime, localDateOf, weekdayOf } from './local-days';
import type { Reminder } from './preferences';
import { memoryDaysIn } from './memories';

/**
 * "Remind me to write" (contract: "Memories", reminders): when a person's reminder is due, for
 * which of their days, what it says, and when the next one is. Pure: the server's scheduler loads
 * the facts (preferences, whether they wrote today, the last day a reminder was claimed for them,
 * on-this-day counts) and stores what this decides; the service worker shows the words.
 *
 * Days are calendar days in the person's zone (local-days.ts). A reminder rings at the first
 * instant its wall time happens that day: a time the clocks skip (02:30 on a spring-forward night)
 * rings at the next minute that exists, a time that happens twice (an autumn night) rings at the
 * first and only then, since a day is claimed once.
 */

export const WRITE_REMINDER_KIND = 'WriteReminder';
export const WRITE_REMINDER_TITLE = 'Time to write';

/** The reminder's title (WRITE_REMINDER_TITLE) in `say`'s language. */
export function writeReminderTitle(say: Say = sayInEnglish): string {
  return say('Time to write');
}
/** One reminder replaces another on a device rather than piling up. */
export const WRITE_REMINDER_TAG = 'write-reminder';
/**
 * The page a click on a reminder opens: the person's notes with the composer open (the composer is
 * a dialog of the signed-in layout; this search parameter opens it, see new-rumination-button.tsx).
 */
export const COMPOSE_PARAM = 'compose';
export const COMPOSER_PATH = `/my-ruminations?${COMPOSE_PARAM}=1`;

/** The facts a reminder's decision needs, as the scheduler loads them. */
export interface ReminderFacts {
  /** The instant the scheduler runs at (ms). */
  now: number;
  /** The person's zone, canonical (preferences.timeZone). */
  zone: string;
  reminder: Reminder;
  /** They created a note (draft or published, not in the trash) on today's date in their zone. */
  wroteToday: boolean;
  /** The last local date a reminder was claimed (sent or skipped) for them, or null. */
  lastClaimedDate: string | null;
}

export type ReminderDecision =
  /** Ring now, for the person's `date`. */
  | { action: 'send'; date: string }
  /** Today's was due but they already wrote: claim the day without a message. */
  | { action: 'skip'; date: string }
  /** Nothing to do now. */
  | { action: 'wait' };

function ringsOn(reminder: Reminder, date: string): reminder is { time: string; days: number[] } {
  return reminder.time !== null && reminder.days.includes(weekdayOf(date));
}

/**
 * Whether a reminder is due at `now`: only today's (in the zone), once its time has come, and only
 * if today was not claimed yet. A scheduler that was down catches up later the same day, never
 * for a day that is over (a reminder to write yesterday is no use).
 */
export function decideReminder(facts: ReminderFacts): ReminderDecision {
  const { now, zone, reminder } = facts;
  const today = localDateOf(now, zone);
  if (!ringsOn(reminder, today)) return { action: 'wait' };
  if (facts.lastClaimedDate !== null && facts.lastClaimedDate >= today) return { action: 'wait' };
  if (now < instantOfWallTime(today, reminder.time, zone)) return { action: 'wait' };
  return facts.wroteToday ? { action: 'skip', date: today } : { action: 'send', date: today };
}

/**
 * The next instant a reminder may be due, for the scheduler's index (only people whose instant has
 * come are looked at): the first day on or after `from`'s date, after `afterDate` when given (the
 * day just claimed), that the reminder rings on, at its first instant not before `from`. Null when
 * there is no reminder (no time, or no day). Eight days always hold a ringing weekday.
 */
export function nextReminderAt(
  zone: string,
  reminder: Reminder,
  from: number,
  afterDate: string | null = null,
): number | null {
  if (reminder.time === null || reminder.days.length === 0) return null;
  let date = localDateOf(from, zone);
  if (afterDate !== null && afterDate >= date) date = addDays(afterDate, 1);
  for (let i = 0; i < 9; i++, date = addDays(date, 1)) {
    if (!ringsOn(reminder, date)) continue;
    const at = instantOfWallTime(date, reminder.time, zone);
    if (at >= from) return at;
  }
  return null;
}

/**
 * The dates of year `year` whose notes are "on this day" for `date` (contract: on this day): the
 * rule of src/domain/memories.ts (29 February of a leap year counts on 28 February in other
 * years), as a list.
 */
export function onThisDayDatesIn(date: string, year: number): string[] {
  const days = memoryDaysIn(date, year);
  if (days === null) return [];
  return days.first === days.last ? [days.first] : [days.first, days.last];
}

/** How many notes a person wrote on this day in one earlier year. */
export interface OnThisDayYear {
  year: number;
  count: number;
}

/**
 * The reminder's second line: "On this day in 2023: you wrote 2 notes", or null without memories.
 * With notes in several earlier years it names the most recent one only: the nearest memory is
 * the one most likely to prompt today's note, and one short line fits a lock screen. Counts only,
 * never a note's words.
 */
export function reminderBody(
  years: readonly OnThisDayYear[],
  say: Say = sayInEnglish,
): string | null {
  const recent = years
    .filter((y) => y.count > 0)
    .reduce<OnThisDayYear | null>(
      (best, y) => (best === null || y.year > best.year ? y : best),
      null,
    );
  if (recent === null) return null;
  // The year as written, not as a number (no "2,023"); a plural only in the languages that need one.
  const { count } = recent;
  const year = String(recent.year);
  return count === 1
    ? say('On this day in {year}: you wrote 1 note', { year })
    : say('On this day in {year}: you wrote {count} notes', { year, count });
}
