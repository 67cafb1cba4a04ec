import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { addDays, weekdayOf } from '../../domain/local-days';
import { addMonths, daysOfMonth } from '../../domain/memories';
import { RetryBox } from '../../components/ui/load-error';
import { errorMessage } from '../../lib/error-message';
import { dayWithNotes, longDate, monthTitle, weekdayNames } from './calendar-words';
import { formatNumber } from '../../lib/format-number';
import { memoryQueries } from './memories-queries';

/**
 * The calendar (api-contract.md "Memories"): a month of my notes, a dot and a count on each day I
 * wrote, month by month, a day opening its notes (My Ruminations with ?date=). The month is in the
 * address (?month=2023-05), so a link opens it; a month seen once opens offline (its query is
 * persisted with the cache).
 *
 * Weeks start on Monday, as ISO 8601 and most of the world count them (the app's dates read
 * "Tuesday 3 May 2023"): a week's weekend stays together at its end.
 *
 * Keyboard: the month is one grid with one tab stop (roving tabindex); the arrow keys move a day
 * or a week (left and right as the page reads: in Arabic, right to left, ArrowLeft is the next
 * day), Home and End to the week's ends, Enter opens the day. Each day is read out whole:
 * "Tuesday 3 May 2023, 2 notes". Month and weekday names are Intl's, in the language spoken.
 */

/** The device's month: until the person picks one, the calendar opens on it. */
function thisMonth(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

/** The column of a date in a week starting on Monday (0 to 6). */
function columnOf(date: string): number {
  return (weekdayOf(date) + 6) % 7;
}

/** The month's days in weeks of seven, null where a week reaches into another month. */
function weeksOf(month: string): (string | null)[][] {
  const days = daysOfMonth(month);
  const cells: (string | null)[] = [...Array<null>(columnOf(days[0]!)).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

export function CalendarPage({ month: chosen }: { month?: string | undefined }) {
  const { t } = useLingui();
  const month = chosen ?? thisMonth();
  // The month before stays shown while the next one loads: the grid does not jump.
  const calendar = useQuery({
    ...memoryQueries.calendar(month),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">
          <Trans>Calendar</Trans>
        </h1>
        <Link to="/my-ruminations" className="text-sm font-medium">
          <Trans>My Ruminations</Trans>
        </Link>
      </div>
      <section aria-labelledby="calendar-month" className="card flex flex-col gap-4">
        <div className="flex items-center justify-between gap-2">
          <Link
            to="/calendar"
            search={{ month: addMonths(month, -1) }}
            className="btn btn-secondary"
          >
            <Trans>Previous month</Trans>
          </Link>
          <h2 id="calendar-month" className="text-lg font-semibold" aria-live="polite">
            {monthTitle(month)}
          </h2>
          <Link
            to="/calendar"
            search={{ month: addMonths(month, 1) }}
            className="btn btn-secondary"
          >
            <Trans>Next month</Trans>
          </Link>
        </div>
        {calendar.isError ? (
          <RetryBox
            message={errorMessage(calendar.error, t`Failed to fetch your calendar`)}
            onRetry={() => void calendar.refetch()}
          />
        ) : (
          <MonthGrid
            key={month}
            month={month}
            counts={
              calendar.data?.month === month
                ? new Map(calendar.data.days.map((d) => [d.date, d.count]))
                : undefined
            }
          />
        )}
      </section>
    </div>
  );
}

/** The month as a grid; `counts` undefined while the month loads. */
function MonthGrid({ month, counts }: { month: string; counts: Map<string, number> | undefined }) {
  const days = daysOfMonth(month);
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const [focused, setFocused] = useState(first);
  // Focus follows the roving tab stop only after a key moved it, never on the first paint.
  const moved = useRef(false);
  const cells = useRef(new Map<string, HTMLAnchorElement>());

  useEffect(() => {
    if (moved.current) cells.current.get(focused)?.focus();
  }, [focused]);

  function move(event: KeyboardEvent, date: string): void {
    const column = columnOf(date);
    // Left and right as the page reads: right to left (Arabic), ArrowLeft is the next day.
    const rtl = document.documentElement.dir === 'rtl';
    const steps: Record<string, number> = {
      ArrowLeft: rtl ? 1 : -1,
      ArrowRight: rtl ? -1 : 1,
      ArrowUp: -7,
      ArrowDown: 7,
      Home: -column,
      End: 6 - column,
    };
    const step = steps[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const next = addDays(date, step);
    // Within the month: Previous month and Next month change it.
    const clamped = next < first ? first : next > last ? last : next;
    moved.current = true;
    setFocused(clamped);
  }

  return (
    <table
      role="grid"
      aria-labelledby="calendar-month"
      aria-busy={counts === undefined}
      className="w-full table-fixed border-collapse text-center"
    >
      <thead>
        <tr>
          {weekdayNames().map(([short, long]) => (
            <th key={long} scope="col" abbr={long} className="pb-2 text-xs text-ink-muted">
              {short}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeksOf(month).map((week) => (
          <tr key={week.find((d) => d !== null)}>
            {week.map((date, column) =>
              date === null ? (
                <td key={`blank-${column}`} />
              ) : (
                <td key={date} className="p-0.5">
                  <DayCell
                    date={date}
                    count={counts?.get(date) ?? 0}
                    loading={counts === undefined}
                    focusable={date === focused}
                    cellRef={(element) => {
                      if (element) cells.current.set(date, element);
                      else cells.current.delete(date);
                    }}
                    // Enter is the link's own: it opens the day.
                    onKeyDown={(event) => move(event, date)}
                    onFocus={() => setFocused(date)}
                  />
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DayCell({
  date,
  count,
  loading,
  focusable,
  cellRef,
  onKeyDown,
  onFocus,
}: {
  date: string;
  count: number;
  loading: boolean;
  focusable: boolean;
  cellRef: (element: HTMLAnchorElement | null) => void;
  onKeyDown: (event: KeyboardEvent) => void;
  onFocus: () => void;
}) {
  const name = loading ? longDate(date) : dayWithNotes(date, count);
  return (
    <Link
      ref={cellRef}
      to="/my-ruminations"
      search={{ date }}
      // Arrowing through a month focuses each day: no request for each, only for the one opened.
      preload={false}
      tabIndex={focusable ? 0 : -1}
      aria-label={name}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      className={`flex h-14 flex-col items-center justify-center gap-1 rounded-md no-underline hover:bg-page focus-visible:outline focus-visible:outline-2 ${
        count > 0 ? 'font-semibold text-ink' : 'text-ink-muted'
      }`}
    >
      <span aria-hidden="true">{formatNumber(Number(date.slice(8)))}</span>
      {count > 0 ? (
        <span aria-hidden="true" className="flex items-center gap-1 text-xs">
          <span className="inline-block h-1.5 w-1.5 rounded-full bg-current" />
          {formatNumber(count)}
        </span>
      ) : null}
    </Link>
  );
}
