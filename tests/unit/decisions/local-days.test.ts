import { describe, expect, it } from 'vitest';
import {
  addDays,
  canonicalTimeZone,
  instantOfWallTime,
  isCalendarDate,
  isWallTime,
  localDateOf,
  localDayBounds,
  wallClockOf,
  weekdayOf,
} from '../../../src/domain/local-days';

const HOUR = 3_600_000;
const at = (iso: string) => Date.parse(iso);

describe('a day in a time zone', () => {
  it('knows the zones Intl knows, in their canonical spelling', () => {
    expect(canonicalTimeZone('europe/madrid')).toBe('Europe/Madrid');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
  });

  it('puts an instant on the day its zone’s clocks show', () => {
    // 23:30 UTC on 31 December is already New Year's Day in Madrid, still the 31st in New York.
    const instant = at('2025-12-31T23:30:00Z');
    expect(localDateOf(instant, 'Europe/Madrid')).toBe('2026-01-01');
    expect(localDateOf(instant, 'America/New_York')).toBe('2025-12-31');
    expect(wallClockOf(instant, 'Asia/Kolkata')).toEqual({
      date: '2026-01-01',
      time: '05:00',
      weekday: 4,
    });
  });

  it('makes a day 23 hours when clocks go forward and 25 when they go back', () => {
    const spring = localDayBounds('2026-03-29', 'Europe/Madrid');
    expect(new Date(spring.start).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(spring.end - spring.start).toBe(23 * HOUR);
    const autumn = localDayBounds('2026-10-25', 'Europe/Madrid');
    expect(autumn.end - autumn.start).toBe(25 * HOUR);
    expect(localDayBounds('2026-06-01', 'UTC')).toEqual({
      start: at('2026-06-01T00:00:00Z'),
      end: at('2026-06-02T00:00:00Z'),
    });
  });

  it('rings a time that does not exist that day at the next minute that does, and the first of a doubled one', () => {
    // Madrid skips 02:00-03:00 on 29 March 2026: 02:30 is 03:00 (01:00 UTC).
    expect(new Date(instantOfWallTime('2026-03-29', '02:30', 'Europe/Madrid')).toISOString()).toBe(
      '2026-03-29T01:00:00.000Z',
    );
    // 02:30 happens twice on 25 October 2026: the first, still in summer time (UTC+2).
    expect(new Date(instantOfWallTime('2026-10-25', '02:30', 'Europe/Madrid')).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    // A zone whose day starts at 01:00 on its change (Santiago skips midnight in September).
    const santiago = localDayBounds('2026-09-06', 'America/Santiago');
    expect(wallClockOf(santiago.start, 'America/Santiago')).toMatchObject({
      date: '2026-09-06',
      time: '01:00',
    });
  });

  it('checks dates and times, and counts days across months and leap years', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2023-2-28')).toBe(false);
    expect(isWallTime('23:59')).toBe(true);
    expect(isWallTime('24:00')).toBe(false);
    expect(isWallTime('7:30')).toBe(false);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(weekdayOf('2026-11-29')).toBe(0);
  });
});
