import { useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import type { InfiniteData } from '@tanstack/react-query';
import type { Rumination } from '../../api/rumination-schemas';
import { LoadMoreButton, type NextPageQuery } from '../../components/ui/load-more-button';
import { EmptyListBox } from '../../components/ui/paged-list';
import { useCurrentUser } from '../auth/use-current-user';
import { RuminationCard } from './rumination-card';
import { useVirtualListModule } from './use-virtual-list-module';

/**
 * Above this many cards a list renders only those near the viewport. A hundred cards (five pages)
 * still lay out and respond quickly on a mid-range phone; past that, every card kept in the page
 * adds to each layout, style recalculation and memory, and a reader who loaded ten pages is slowed
 * at every tap. Below it the list is plain, so the usual page (and find-in-page) sees every card.
 */
export const VIRTUALIZE_ABOVE = 100;
/**
 * The virtualized list's code is fetched once a list is this long: two pages before it is needed,
 * so it is here by the time "Load more" crosses the threshold.
 */
const PREPARE_ABOVE = VIRTUALIZE_ABOVE - 40;

interface RuminationListProps {
  /** The result of one of the infinite rumination queries. */
  query: NextPageQuery & { data: InfiniteData<Rumination[], unknown> };
  /** What to show, and what to do, when there is nothing. */
  empty: ReactNode;
  label: string;
  /** Items above the cards that are not the server's yet (new ruminations not yet sent). */
  pending?: ReactNode[];
}

/** What the plain list last showed: the virtualized list starts from its cards' heights. */
interface PlainListShown {
  list: HTMLUListElement | null;
  ruminations: Rumination[];
  pendingCount: number;
}

/** A page of rumination cards with "Load more" for the next page. */
export function RuminationList({ query, empty, label, pending = [] }: RuminationListProps) {
  const viewer = useCurrentUser();
  const ruminations = useMemo(() => query.data.pages.flat(), [query.data.pages]);
  const virtualListCode = useVirtualListModule(ruminations.length > PREPARE_ABOVE);
  const virtual = virtualListCode !== undefined && ruminations.length > VIRTUALIZE_ABOVE;

  const plainList = useRef<HTMLUListElement>(null);
  const plainShown = useRef<PlainListShown>({ list: null, ruminations: [], pendingCount: 0 });
  useLayoutEffect(() => {
    if (!virtual) {
      plainShown.current = { list: plainList.current, ruminations, pendingCount: pending.length };
    }
  });

  if (ruminations.length === 0 && pending.length === 0) {
    return <EmptyListBox>{empty}</EmptyListBox>;
  }

  return (
    <div className="flex flex-col gap-4">
      {virtual ? (
        <virtualListCode.default
          ruminations={ruminations}
          viewerId={viewer?.id ?? null}
          label={label}
          pending={pending}
          readHeightsBefore={() => heightsShown(plainShown.current)}
        />
      ) : (
        <ul ref={plainList} aria-label={label} className="flex flex-col gap-4">
          {pending}
          {ruminations.map((rumination) => (
            <li key={rumination.id}>
              <RuminationCard rumination={rumination} viewerId={viewer?.id ?? null} />
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton query={query} />
    </div>
  );
}

/**
 * The heights of the cards the plain list showed, by rumination id. Read while it is still in the
 * page (the render that replaces it has not been committed yet); nothing if it never was.
 */
function heightsShown({ list, ruminations, pendingCount }: PlainListShown): Map<number, number> {
  const heights = new Map<number, number>();
  if (list === null || !list.isConnected) return heights;
  ruminations.forEach((rumination, index) => {
    const item = list.children[pendingCount + index];
    // Not offsetHeight: it is rounded, and a hundred roundings would move the cards in view.
    if (item instanceof HTMLElement)
      heights.set(rumination.id, item.getBoundingClientRect().height);
  });
  return heights;
}
