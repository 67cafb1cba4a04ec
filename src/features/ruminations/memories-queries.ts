import { queryOptions } from '@tanstack/react-query';
import { ruminationKeys } from '../../lib/query-keys';
import { fetchCalendar, fetchOnThisDay } from './memories-api';

/**
 * On this day and the calendar's months. Their keys sit under ruminationKeys.all, so a note
 * created, edited or deleted refreshes them (invalidateAfterRuminationChange), and they are
 * persisted with the rest of the cache (features/offline): a month seen once opens offline.
 */
export const memoryQueries = {
  onThisDay: () => queryOptions({ queryKey: ruminationKeys.onThisDay, queryFn: fetchOnThisDay }),
  calendar: (month: string) =>
    queryOptions({ queryKey: ruminationKeys.calendar(month), queryFn: () => fetchCalendar(month) }),
};
