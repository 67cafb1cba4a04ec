import type { ReactNode } from 'react';
import { RetryBox } from './load-error';
import { LoadMoreButton, type NextPageQuery } from './load-more-button';

/** What a paged (infinite) query tells about its loading; its result passes as it is. */
export interface PagedListQuery extends NextPageQuery {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => Promise<unknown>;
}

/**
 * A page's paged list in its four states: loading; failed with nothing to show (the message and
 * Try again); empty; the list (`children`) with "Load more" under it. A failed later page keeps
 * what was shown: Load more stays to try again.
 */
export function PagedList({
  query,
  count,
  loading,
  empty,
  children,
}: {
  query: PagedListQuery;
  /** How many items the pages loaded so far hold. */
  count: number;
  /** The loading sentence, announced as a status. */
  loading: string;
  /** What stands in the empty list's dashed box. */
  empty: ReactNode;
  children: ReactNode;
}) {
  if (query.isPending) {
    return (
      <p role="status" className="text-ink-muted">
        {loading}
      </p>
    );
  }
  if (query.isError && count === 0) {
    return <RetryBox message={query.error?.message ?? ''} onRetry={() => void query.refetch()} />;
  }
  if (count === 0) return <EmptyListBox>{empty}</EmptyListBox>;
  return (
    <div className="flex flex-col gap-4">
      {children}
      <LoadMoreButton query={query} />
    </div>
  );
}

/** The dashed box that stands where an empty list would be. */
export function EmptyListBox({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-line p-8 text-center text-ink-muted">
      {children}
    </div>
  );
}
