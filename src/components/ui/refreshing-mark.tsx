import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { onlineManager } from '@tanstack/react-query';

/** What a list's query says about its data: being fetched again, and when it was last fetched. */
interface ListQueryState {
  /** A background fetch of data already shown (not the first load, not the next page). */
  isRefetching: boolean;
  /** When the data shown was fetched (ms since the epoch). */
  dataUpdatedAt: number;
}

/**
 * The list shows the copy saved by an earlier visit (features/offline restores it before the first
 * screen) while the network brings this visit's: fetched before this page was loaded, and being
 * fetched again. A refresh of data fetched during this visit (after a write, on focus) goes
 * unmarked: what is shown is already this visit's. Offline the offline line ("Offline: showing
 * saved copies") says it instead: the queries' offlineFirst mode still tries once there, and that
 * try is no refresh to announce.
 */
export function isRefreshingSavedCopy(
  query: ListQueryState,
  pageLoadedAt: number = performance.timeOrigin,
): boolean {
  return query.isRefetching && query.dataUpdatedAt < pageLoadedAt && onlineManager.isOnline();
}

/**
 * Wraps a list that may show a saved copy: "Refreshing…" above it while it does and a fetch is
 * under way. It takes no room: it sits in the gap above the list (the frames' gap-6, 24 px, holds
 * its 16 px line), so nothing moves when it comes or goes. Present only while it says something,
 * like the offline line: an empty status on every list would be one more for anyone looking for
 * the page's status.
 */
export function WithRefreshingMark({
  refreshing,
  children,
}: {
  refreshing: boolean;
  children: ReactNode;
}) {
  const { t } = useLingui();
  // What the mark says; also what a saved screen says, from the slot's attribute (styles.css).
  const refreshingWords = t`Refreshing…`;
  return (
    <div>
      {/* Its bottom at the list's top, overflowing upwards into the gap. Not positioned: a
          positioned wrapper would become the list's offsetParent, which a windowed list measures
          its place on the page by. */}
      {/* data-refreshing-slot: where a saved screen painted before the app runs says the same,
          read from the attribute by styles.css (src/boot/last-screen.js). */}
      <div data-refreshing-slot={refreshingWords} className="flex h-0 items-end justify-end">
        {refreshing ? (
          <p role="status" className="mb-1 text-xs leading-4 font-medium text-ink-muted">
            {refreshingWords}
          </p>
        ) : null}
      </div>
      {children}
    </div>
  );
}
