import { HttpResponse } from 'msw';
import { calendarQuery, onThisDayQuery, type Memory } from '../../src/api/memory-schemas';
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
} from '../../src/domain/memories';
import { readQuery, requireUser, route } from '../http';
import { preferencesOf } from '../store/preferences';
import type { StoredRumination } from '../store/tables';
import { liveRuminations, toRumination, withMedia } from '../views';

/**
 * On this day and the calendar (api-contract.md "Memories"), through the server's rules
 * (src/domain/memories.ts): the caller's own live notes, days in their time zone. Fixed paths,
 * registered before /api/ruminations/:id (mocks/handlers.ts).
 */

const within = (r: StoredRumination, range: { start: string; end: string }) =>
  r.createTMS >= range.start && r.createTMS < range.end;

export const memoryHandlers = [
  route('get', '/api/ruminations/on-this-day', async ({ request }) => {
    const query = readQuery(request, onThisDayQuery);
    const userId = requireUser(request);
    const zone = preferencesOf(userId).timeZone;
    const date = query.date ?? todayIn(zone, Date.now());
    const own = liveRuminations().filter((r) => r.authorId === userId);
    if (own.length === 0) return HttpResponse.json([]);
    const years = own.map((r) => localYearOf(r.createTMS, zone));
    const ranges = onThisDayRanges(date, zone, {
      first: Math.min(...years),
      last: Math.max(...years),
    });
    const found = own
      .filter((r) => ranges.some((range) => within(r, range)))
      .sort(compareMemories)
      .slice(0, ON_THIS_DAY_MAX);
    const memories: Memory[] = found.map((r) => ({
      ...toRumination(r),
      yearsAgo: yearsAgoOf(r.createTMS, date, zone),
    }));
    return HttpResponse.json(await withMedia(memories, userId));
  }),

  route('get', '/api/ruminations/calendar', ({ request }) => {
    const query = readQuery(request, calendarQuery);
    const userId = requireUser(request);
    const zone = preferencesOf(userId).timeZone;
    const month = query.month ?? monthIn(zone, Date.now());
    const range = monthRange(month, zone);
    const times = liveRuminations()
      .filter((r) => r.authorId === userId && within(r, range))
      .map((r) => r.createTMS);
    return HttpResponse.json({ month, days: calendarDays(times, zone) });
  }),
];
