import { z } from 'zod';
import { isCalendarMonth, isMemoryDate } from '../domain/memories';

/**
 * Dates and months in query strings (api-contract.md "Memories"): a local date 'YYYY-MM-DD' that
 * is a real calendar date ('2023-02-29' is not: 400 on the parameter), a month 'YYYY-MM'.
 */

export const DATE_MESSAGE = 'Date must be a calendar date (YYYY-MM-DD)';
export const MONTH_MESSAGE = 'Month must be a month (YYYY-MM)';

export const localDateQuery = z.string().trim().refine(isMemoryDate, DATE_MESSAGE);
export const monthQuery = z.string().trim().refine(isCalendarMonth, MONTH_MESSAGE);
