import { describe, expect, it } from 'vitest';
import {
  addMonths,
  calendarDays,
  daysOfMonth,
  isCalendarMonth,
  memoryDaysIn,
  onThisDayRanges,
} from '../../../src/domain/memories';

describe('which days of an earlier year count as this day', () => {
  it('is the same month and day', () => {
    expect(memoryDaysIn('2024-05-03', 2019)).toEqual({ first: '2019-05-03', last: '2019-05-03' });
  });

  it('takes 29 February in on 28 February of a year without one', () => {
    expect(memoryDaysIn('2023-02-28', 2020)).toEqual({ first: '2020-02-28', last: '2020-02-29' });
    expect(memoryDaysIn('2023-02-28', 2021)).toEqual({ first: '2021-02-28', last: '2021-02-28' });
    // In a leap year 28 February is its own day, and 29 February shows only leap years'.
    expect(memoryDaysIn('2024-02-28', 2020)).toEqual({ first: '2020-02-28', last: '2020-02-28' });
    expect(memoryDaysIn('2024-02-29', 2020)).toEqual({ first: '2020-02-29', last: '2020-02-29' });
    expect(memoryDaysIn('2024-02-29', 2021)).toBeNull();
  });

  it('asks one range per earlier year the person wrote in, newest first', () => {
    const ranges = onThisDayRanges('2024-05-03', 'Europe/Madrid', { first: 2020, last: 2030 });
    expect(ranges.map((r) => [r.year, r.yearsAgo])).toEqual([
      [2023, 1],
      [2022, 2],
      [2021, 3],
      [2020, 4],
    ]);
    expect(ranges[0]).toMatchObject({
      start: '2023-05-02T22:00:00.000Z',
      end: '2023-05-03T22:00:00.000Z',
    });
  });
});

describe('the calendar', () => {
  it('counts notes by local day, in date order', () => {
    const times = [
      '2023-05-20T10:00:00.000Z',
      '2023-05-02T23:30:00.000Z',
      '2023-05-03T08:00:00.000Z',
    ];
    expect(calendarDays(times, 'Europe/Madrid')).toEqual([
      { date: '2023-05-03', count: 2 },
      { date: '2023-05-20', count: 1 },
    ]);
    expect(calendarDays(times, 'UTC')[0]).toEqual({ date: '2023-05-02', count: 1 });
  });

  it('knows months', () => {
    expect(addMonths('2023-12', 1)).toBe('2024-01');
    expect(addMonths('2023-01', -1)).toBe('2022-12');
    expect(daysOfMonth('2024-02')).toHaveLength(29);
    expect(isCalendarMonth('2023-13')).toBe(false);
    expect(isCalendarMonth('2023-05')).toBe(true);
  });
});
