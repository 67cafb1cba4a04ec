import { weekdayOf } from '../../domain/local-days';

/** The words of memories and the calendar, in the app's English ("Tuesday 3 May 2023"). */

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'YYYY-MM-DD' as "Tuesday 3 May 2023" (a calendar date, whatever the device's zone). */
export function longDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${WEEKDAYS[weekdayOf(date)]} ${day} ${MONTHS[month - 1]} ${year}`;
}

/** 'YYYY-MM' as "May 2023". */
export function monthTitle(month: string): string {
  return `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

export function noteCount(count: number): string {
  if (count === 0) return 'no notes';
  return count === 1 ? '1 note' : `${count} notes`;
}

export function yearsAgoToday(years: number): string {
  return years === 1 ? '1 year ago today' : `${years} years ago today`;
}

/** A note's first line, cut to `max` characters: what a memory shows of it. */
export function excerptOf(content: string, max = 120): string {
  const line =
    content
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l !== '') ?? '';
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}
