import { z } from 'zod';
import { localDateQuery, monthQuery } from './calendar-dates';
import { rumination } from './rumination-schemas';

/** Wire schemas of on this day and the calendar (api-contract.md "Memories"). */

/** GET /api/ruminations/on-this-day: `date` defaults to today in the caller's zone. */
export const onThisDayQuery = z.object({ date: localDateQuery.optional() });
export type OnThisDayQuery = z.output<typeof onThisDayQuery>;

/** A note of an earlier year: the usual shape, and how many years before the day it was written. */
export const memory = rumination.extend({ yearsAgo: z.number().int().positive() });
export type Memory = z.infer<typeof memory>;

/** The answer: a list, as every list of notes is (no wrapper), newest year first, at most 50. */
export const memoryList = z.array(memory);

/** GET /api/ruminations/calendar: `month` defaults to this month in the caller's zone. */
export const calendarQuery = z.object({ month: monthQuery.optional() });
export type CalendarQuery = z.output<typeof calendarQuery>;

export const calendarDay = z.object({
  date: z.string(),
  count: z.number().int().positive(),
});

/** The caller's notes per local day of the month: only days with notes, in date order. */
export const calendarMonth = z.object({ month: z.string(), days: z.array(calendarDay) });
export type CalendarMonth = z.infer<typeof calendarMonth>;
