import type { Kysely } from 'kysely';
import type { MediaSigner } from '../../../src/api/media-urls';
import type {
  CalendarMonth,
  CalendarQuery,
  Memory,
  OnThisDayQuery,
} from '../../../src/api/memory-schemas';
import {
  calendarDays,
  compareMemories,
  localYearOf,
  monthIn,
  monthRange,
  ON_THIS_DAY_MAX,
  onThisDayRanges,
  todayIn,
  yearsAgoOf,
} from '../../../src/domain/memories';
import type { Database } from '../../db/schema';
import { findPreferences } from '../preferences/preferences-queries';
import { ruminationListWithMedia } from '../ruminations/rumination-media';
import type { RuminationRow } from '../ruminations/rumination-queries';
import { createdTimesIn, listInRanges, noteSpanOf } from './memory-queries';

/**
 * On this day and the calendar (api-contract.md "Memories"): the caller's own notes only, days in
 * the caller's time zone (their preference). The rules are src/domain/memories.ts.
 */

/**
 * Years asked per query: SQLite allows 500 arms in a UNION ALL, and each is a few parameters.
 * A journal spanning more years (an old diary imported) is asked in more queries, newest first,
 * stopping once the page is full.
 */
const YEARS_PER_QUERY = 100;

/** The person's time zone: where their days begin and end. */
export async function timeZoneOf(db: Kysely<Database>, userId: number): Promise<string> {
  return (await findPreferences(db, userId)).timeZone;
}

export async function onThisDay(
  db: Kysely<Database>,
  userId: number,
  query: OnThisDayQuery,
  signer: MediaSigner,
  now: number = Date.now(),
): Promise<Memory[]> {
  const zone = await timeZoneOf(db, userId);
  const date = query.date ?? todayIn(zone, now);
  const span = await noteSpanOf(db, userId);
  if (span === undefined) return [];
  const ranges = onThisDayRanges(date, zone, {
    first: localYearOf(span.first, zone),
    last: localYearOf(span.last, zone),
  });
  const rows: RuminationRow[] = [];
  for (let i = 0; i < ranges.length && rows.length < ON_THIS_DAY_MAX; i += YEARS_PER_QUERY) {
    const chunk = ranges.slice(i, i + YEARS_PER_QUERY);
    rows.push(...(await listInRanges(db, userId, chunk, ON_THIS_DAY_MAX - rows.length)));
  }
  const notes = await ruminationListWithMedia(db, rows, userId, signer);
  return notes
    .map((note) => ({ ...note, yearsAgo: yearsAgoOf(note.createTMS, date, zone) }))
    .sort(compareMemories);
}

export async function calendarOf(
  db: Kysely<Database>,
  userId: number,
  query: CalendarQuery,
  now: number = Date.now(),
): Promise<CalendarMonth> {
  const zone = await timeZoneOf(db, userId);
  const month = query.month ?? monthIn(zone, now);
  const times = await createdTimesIn(db, userId, monthRange(month, zone));
  return { month, days: calendarDays(times, zone) };
}
