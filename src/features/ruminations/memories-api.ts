import { t } from '@lingui/core/macro';
import type { CalendarMonth, Memory } from '../../api/memory-schemas';
import { api, requireToken, withDefaultError } from '../../lib/http';

/** On this day and the calendar (api-contract.md "Memories"): days in the person's time zone. */

/** Today's notes of earlier years (the server's today, in the person's zone). */
export function fetchOnThisDay(): Promise<Memory[]> {
  return withDefaultError(t`Failed to fetch your memories`, () => {
    requireToken();
    return api.get('ruminations/on-this-day').json<Memory[]>();
  });
}

/** How many notes the person wrote on each day of a month ('YYYY-MM'). */
export function fetchCalendar(month: string): Promise<CalendarMonth> {
  return withDefaultError(t`Failed to fetch your calendar`, () => {
    requireToken();
    return api.get('ruminations/calendar', { searchParams: { month } }).json<CalendarMonth>();
  });
}
