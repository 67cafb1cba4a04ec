import type { ReactNode } from 'react';
import type { InfiniteData } from '@tanstack/react-query';
import type { Rumination } from '../../api/rumination-schemas';
import { LoadMoreButton, type NextPageQuery } from '../../components/ui/load-more-button';
import { useCurrentUser } from '../auth/use-current-user';
import { RuminationCard } from './rumination-card';

interface RuminationListProps {
  /** The result of one of the infinite rumination queries. */
  query: NextPageQuery & { data: InfiniteData<Rumination[], unknown> };
  /** What to show, and what to do, when there is nothing. */
  empty: ReactNode;
  label: string;
  /** Items above the cards that are not the server's yet (new ruminations not yet sent). */
  pending?: ReactNode[];
}

/** A page of rumination cards with "Load more" for the next page. */
export function RuminationList({ query, empty, label, pending = [] }: RuminationListProps) {
  const viewer = useCurrentUser();
  const ruminations = query.data.pages.flat();

  if (ruminations.length === 0 && pending.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-line p-8 text-center text-ink-muted">
        {empty}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <ul aria-label={label} className="flex flex-col gap-4">
        {pending}
        {ruminations.map((rumination) => (
          <li key={rumination.id}>
            <RuminationCard rumination={rumination} viewerId={viewer?.id ?? null} />
          </li>
        ))}
      </ul>
      <LoadMoreButton query={query} />
    </div>
  );
}
