import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { CalendarPage } from '../../../features/ruminations/calendar-page';

interface CalendarSearch {
  /** The month shown, 'YYYY-MM'; absent: this month. */
  month?: string;
}

// A plain function: the validator sits in the route tree, which every first visit downloads.
function validateCalendarSearch(search: Record<string, unknown>): CalendarSearch {
  const month = search.month;
  return typeof month === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? { month } : {};
}

/** A month of my notes (api-contract.md "Memories"): the page loads its month itself. */
export const Route = createFileRoute('/_auth/_accepted/calendar')({
  staticData: { title: msg`Calendar` },
  validateSearch: validateCalendarSearch,
  component: function CalendarRoute() {
    const { month } = Route.useSearch();
    return <CalendarPage month={month} />;
  },
});
