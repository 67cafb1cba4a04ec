import { addDays, isCalendarDate, localDateOf, localDayBounds } from './local-days';

/**
 * Memories (api-contract.md "Memories"): which days of earlier years "on this day" shows, and a
 * month's notes counted by day, every day a calendar day in the person's time zone (local-days.ts).
 * Pure: the server and the mock backend load the notes' creation times and ask these.
 *
 * Dates are 'YYYY-MM-DD', months 'YYYY-MM', instants ISO 8601 UTC texts as `createTMS` holds them
 * (a range of those texts is a range of time: they sort as their instants).
 */

/** At most this many notes on this day (the contract's cap). */
export const ON_THIS_DAY_MAX = 50;

/**
 * Years before this are not looked at: Date.UTC, under local-days.ts, reads years 0 to 99 as
 * 1900 to 1999, and no journal holds notes from then.
 */
export const EARLIEST_MEMORY_YEAR = 100;

/** One earlier year's part of on this day: a range of instants [start, end), as ISO texts. */
export interface MemoryRange {
  year: number;
  yearsAgo: number;
  start: string;
  end: string;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/**
 * The days of `year` that count as `date` in an earlier year, first and last (inclusive), or null
 * when none does. The same month and day; 29 February, which most years lack, counts on 28
 * February: so on 28 February of a year without one, an earlier leap year's 29 February counts
 * too, and on a 29 February only earlier leap years' 29 February does (their 28 February showed
 * the day before).
 */
export function memoryDaysIn(date: string, year: number): { first: string; last: string } | null {
  const monthDay = date.slice(5);
  const y = pad(year, 4);
  if (monthDay === '02-29') {
    return isLeapYear(year) ? { first: `${y}-02-29`, last: `${y}-02-29` } : null;
  }
  if (monthDay === '02-28' && !isLeapYear(yearOf(date)) && isLeapYear(year)) {
    return { first: `${y}-02-28`, last: `${y}-02-29` };
  }
  return { first: `${y}-${monthDay}`, last: `${y}-${monthDay}` };
}

/**
 * The ranges on this day asks, one per earlier year, newest year first: from the year before
 * `date`'s down to `years.first`, and none after `years.last` (the years the person has notes
 * in; a year with none need not be asked). Each range is its days' bounds in `zone`.
 */
export function onThisDayRanges(
  date: string,
  zone: string,
  years: { first: number; last: number },
): MemoryRange[] {
  const ranges: MemoryRange[] = [];
  const thisYear = yearOf(date);
  const newest = Math.min(thisYear - 1, years.last);
  const oldest = Math.max(years.first, EARLIEST_MEMORY_YEAR);
  for (let year = newest; year >= oldest; year--) {
    const days = memoryDaysIn(date, year);
    if (days === null) continue;
    ranges.push({
      year,
      yearsAgo: thisYear - year,
      start: new Date(localDayBounds(days.first, zone).start).toISOString(),
      end: new Date(localDayBounds(days.last, zone).end).toISOString(),
    });
  }
  return ranges;
}

/** The year a note was written in, in the zone (what its `yearsAgo` counts from). */
export function localYearOf(createTMS: string, zone: string): number {
  return yearOf(localDateOf(Date.parse(createTMS), zone));
}

/** How many years before `date` a note written at `createTMS` was, in the zone. */
export function yearsAgoOf(createTMS: string, date: string, zone: string): number {
  return yearOf(date) - localYearOf(createTMS, zone);
}

/**
 * On this day's order: newest year first, then newest first within a year (which is newest first
 * overall, since each year's range lies after the older ones'); the id breaks ties.
 */
export function compareMemories(
  a: { createTMS: string; id: number },
  b: { createTMS: string; id: number },
): number {
  if (a.createTMS !== b.createTMS) return a.createTMS < b.createTMS ? 1 : -1;
  return b.id - a.id;
}

/** Today in the zone, as on this day's `date` defaults to. */
export function todayIn(zone: string, now: number): string {
  return localDateOf(now, zone);
}

/** The date of `date`'s day as the instants [start, end) that hold it in the zone (ISO texts). */
export function dayRange(date: string, zone: string): { start: string; end: string } {
  const { start, end } = localDayBounds(date, zone);
  return { start: new Date(start).toISOString(), end: new Date(end).toISOString() };
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Whether a text is a month 'YYYY-MM' (01 to 12), in the years days are counted in. */
export function isCalendarMonth(text: string): boolean {
  return MONTH.test(text) && yearOf(text) >= EARLIEST_MEMORY_YEAR;
}

/** The month an instant falls in, in the zone. */
export function monthIn(zone: string, now: number): string {
  return localDateOf(now, zone).slice(0, 7);
}

/** The month after (n > 0) or before (n < 0) a month. */
export function addMonths(month: string, n: number): string {
  const index = yearOf(month) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1)}`;
}

/** The days of a month, in order. */
export function daysOfMonth(month: string): string[] {
  const days: string[] = [];
  for (let day = `${month}-01`; day.startsWith(month); day = addDays(day, 1)) days.push(day);
  return days;
}

/** A month as the instants [start, end) that hold its days in the zone (ISO texts). */
export function monthRange(month: string, zone: string): { start: string; end: string } {
  return {
    start: dayRange(`${month}-01`, zone).start,
    end: dayRange(`${addMonths(month, 1)}-01`, zone).start,
  };
}

export interface CalendarDay {
  date: string;
  count: number;
}

/**
 * A month's notes counted by local day, only days with notes, in date order: the calendar's
 * `days`. `createTMSs` are the creation times of the notes in monthRange(month, zone).
 */
export function calendarDays(createTMSs: Iterable<string>, zone: string): CalendarDay[] {
  const counts = new Map<string, number>();
  for (const tms of createTMSs) {
    const date = localDateOf(Date.parse(tms), zone);
    counts.set(date, (counts.get(date) ?? 0) + 1);
  }
  return [...counts]
    .map(([date, count]) => ({ date, count }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** Whether a text is a date the memories' calls take (a calendar date in the years counted). */
export function isMemoryDate(text: string): boolean {
  return isCalendarDate(text) && yearOf(text) >= EARLIEST_MEMORY_YEAR;
}
