import { plural, t } from '@lingui/core/macro';
import type { Language } from '../../api/languages';
import { spokenLanguage } from '../../lib/i18n/language';

/**
 * The words of memories and the calendar, in the language spoken: dates by Intl ("Tuesday 3 May
 * 2023" in English, "martes, 3 de mayo de 2023" in Spanish), counts by the catalogues.
 */

/** Formatters are costly to build: one per language and kind, made when first used. */
const formats = new Map<string, Intl.DateTimeFormat>();

function format(
  language: Language,
  kind: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${language}:${kind}`;
  let found = formats.get(key);
  if (found === undefined) {
    // Calendar dates: read in UTC, whatever the device's zone, so the day never shifts.
    found = new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' });
    formats.set(key, found);
  }
  return found;
}

/** 'YYYY-MM-DD' (or 'YYYY-MM', its first day) as the calendar day it names, at UTC midnight. */
function utcDay(date: string): Date {
  const [year, month, day = 1] = date.split('-').map(Number) as [number, number, number?];
  return new Date(Date.UTC(year, month - 1, day));
}

/** 'YYYY-MM-DD' as "Tuesday 3 May 2023" (a calendar date, whatever the device's zone). */
export function longDate(date: string): string {
  const language = spokenLanguage();
  const day = utcDay(date);
  if (language !== 'en') return format(language, 'full', { dateStyle: 'full' }).format(day);
  // The app's English order, without the commas of Intl's "Tuesday, May 3, 2023".
  const parts = format(language, 'long', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).formatToParts(day);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}`;
}

/** 'YYYY-MM' as "May 2023". */
export function monthTitle(month: string): string {
  const language = spokenLanguage();
  return format(language, 'month', { month: 'long', year: 'numeric' }).format(utcDay(month));
}

/**
 * The week's days, Monday first, each as [short, long] ("Mon", "Monday"): 1 January 2024 was a
 * Monday.
 */
export function weekdayNames(): [short: string, long: string][] {
  const language = spokenLanguage();
  const short = format(language, 'weekday-short', { weekday: 'short' });
  const long = format(language, 'weekday-long', { weekday: 'long' });
  return Array.from({ length: 7 }, (_, i) => {
    const day = new Date(Date.UTC(2024, 0, 1 + i));
    return [short.format(day), long.format(day)];
  });
}

/** A calendar day read out whole: "Tuesday 3 May 2023, 2 notes". */
export function dayWithNotes(date: string, count: number): string {
  const day = longDate(date);
  return t`${day}, ${plural(count, { 0: 'no notes', one: '# note', other: '# notes' })}`;
}

export function yearsAgoToday(years: number): string {
  return t`${plural(years, { one: '# year ago today', other: '# years ago today' })}`;
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
