/**
 * Days and wall-clock times in a person's time zone (contract: "Memories", time zone): on this
 * day, the calendar, reminders and "already wrote today" all count calendar days there, daylight
 * saving included. Pure functions over Intl, shared by the server, the mock backend and the SPA.
 *
 * A date is 'YYYY-MM-DD', a time 'HH:MM' (24 hours), an instant milliseconds since the epoch.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Formatters are costly to build and a zone's never changes: one per zone. */
const wallFormats = new Map<string, Intl.DateTimeFormat>();

function wallFormat(zone: string): Intl.DateTimeFormat {
  let format = wallFormats.get(zone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallFormats.set(zone, format);
  }
  return format;
}

/**
 * The zone's canonical IANA name ("europe/madrid" is "Europe/Madrid"), or null when Intl does not
 * know it: what a preference stores, so that every later comparison sees one spelling.
 */
export function canonicalTimeZone(name: string): string | null {
  if (name.length === 0 || name.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The wall clock at an instant as if it were UTC: comparing two of them compares wall times. */
function wallAsUtc(instant: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of wallFormat(zone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  // formatToParts drops the milliseconds; the instant's own are the wall's.
  return wall + (((instant % 1000) + 1000) % 1000);
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, zone: string): number {
  return wallAsUtc(instant, zone) - instant;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function dateOfUtc(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** The wall clock of an instant in a zone: its date, its time and its weekday (0 is Sunday). */
export interface WallClock {
  date: string;
  time: string;
  weekday: number;
}

export function wallClockOf(instant: number, zone: string): WallClock {
  const wall = new Date(wallAsUtc(instant, zone));
  return {
    date: dateOfUtc(wall.getTime()),
    time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`,
    weekday: wall.getUTCDay(),
  };
}

/** The calendar day an instant falls on in a zone. */
export function localDateOf(instant: number, zone: string): string {
  return wallClockOf(instant, zone).date;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Whether a text is a real calendar date ('2023-02-29' is not). */
export function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (match === null) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const ms = Date.UTC(y, m - 1, d);
  return dateOfUtc(ms) === text;
}

/** Whether a text is a wall time 'HH:MM', 00:00 to 23:59. */
export function isWallTime(text: string): boolean {
  return TIME.test(text);
}

/** The date n days after (or before, n < 0) a date. */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return dateOfUtc(Date.UTC(y, m - 1, d) + n * DAY);
}

/** The weekday of a date (0 is Sunday), wherever it is. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/**
 * The first instant the zone's clocks show a wall time on a date. On the night clocks go back an
 * hour the time happens twice: the first is meant. On the night they go forward it may not happen
 * at all: then the first instant after the gap (the next minute that exists), as a reminder set
 * for 02:30 on that day rings at 03:00.
 */
export function instantOfWallTime(date: string, time: string, zone: string): number {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // Within a day and a half of the wall time a zone has at most two offsets (one change).
  const offsets = new Set([
    offsetAt(wall - 36 * HOUR, zone),
    offsetAt(wall, zone),
    offsetAt(wall + 36 * HOUR, zone),
  ]);
  const exact = [...offsets]
    .map((offset) => wall - offset)
    .filter((instant) => wallAsUtc(instant, zone) === wall);
  if (exact.length > 0) return Math.min(...exact);
  // In the gap: the change lies between the candidates; find it to the minute.
  const candidates = [...offsets].map((offset) => wall - offset);
  let low = Math.min(...candidates);
  let high = Math.max(...candidates);
  const before = offsetAt(low, zone);
  while (high - low > MINUTE) {
    const middle = low + Math.max(1, Math.floor((high - low) / 2 / MINUTE)) * MINUTE;
    if (offsetAt(middle, zone) === before) low = middle;
    else high = middle;
  }
  return high;
}

/** A calendar day in a zone as instants: [start, end). 23 or 25 hours on a change of clocks. */
export function localDayBounds(date: string, zone: string): { start: number; end: number } {
  return {
    start: instantOfWallTime(date, '00:00', zone),
    end: instantOfWallTime(addDays(date, 1), '00:00', zone),
  };
}
