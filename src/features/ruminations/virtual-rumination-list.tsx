import {
  memo,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import {
  defaultRangeExtractor,
  useWindowVirtualizer,
  type Range,
  type VirtualItem,
} from '@tanstack/react-virtual';
import type { Rumination } from '../../api/rumination-schemas';
import { RuminationCard } from './rumination-card';

/**
 * A card's height before it is measured. Most of a long list's cards were measured on the page
 * already (see `readHeightsBefore`); only a page just loaded is estimated, and only until its cards
 * first render near the viewport.
 */
const ESTIMATED_CARD_HEIGHT = 320;
/** Space between cards: the plain list's `gap-4` (1rem), so both look the same. */
const CARD_GAP = 16;
/**
 * Cards rendered beyond each edge of the viewport. Generous (about three phone screens each way):
 * a fast fling or a keyboard user tabbing on finds the next cards rendered already, and a card's
 * height settling (a photo's decode) happens off screen.
 */
const OVERSCAN = 8;

/**
 * A card renders again only when its rumination or viewer changes, not each time the rendered
 * range moves while scrolling (that re-renders the list on every few cards passed).
 */
const Card = memo(RuminationCard);

export interface VirtualRuminationListProps {
  ruminations: Rumination[];
  viewerId: number | null;
  label: string;
  /** Items above the cards that are not the server's yet; always rendered, on top. */
  pending: ReactNode[];
  /**
   * Heights of the cards as the plain list showed them, by rumination id (read once, when this
   * list takes over from it): the hand-over's starting sizes.
   */
  readHeightsBefore: () => Map<number, number>;
}

/**
 * A long list rendered only near the viewport (the window scrolls, so the window is the scroller).
 * The `<ul>` keeps the list's whole height, so the page scrolls as before; each rendered `<li>`
 * says its place in the whole list for screen readers.
 */
export default function VirtualRuminationList({
  ruminations,
  viewerId,
  label,
  pending,
  readHeightsBefore,
}: VirtualRuminationListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const { top, pendingHeight } = useListPlacement(listRef, pending.length);
  const focusedId = useRef<number | null>(null);

  const getItemKey = useCallback(
    (index: number) => ruminations[index]?.id ?? `missing-${index}`,
    [ruminations],
  );
  // The card that holds focus stays rendered when scrolled far away, so focus (a comment being
  // written, a dialog's return target) is not dropped to the page by an unmount.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      const focused = ruminations.findIndex((rumination) => rumination.id === focusedId.current);
      if (focused === -1 || indexes.includes(focused)) return indexes;
      return [...indexes, focused].sort((a, b) => a - b);
    },
    [ruminations],
  );
  // Cards the plain list measured keep their real heights, so the hand-over moves nothing: the
  // cards under the reader's eyes when the list grew past the threshold stay where they were.
  const [initialMeasurementsCache] = useState(() =>
    measurementsFrom(ruminations, readHeightsBefore()),
  );

  const virtualizer = useWindowVirtualizer<HTMLLIElement>({
    count: ruminations.length,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    getItemKey,
    rangeExtractor,
    overscan: OVERSCAN,
    gap: CARD_GAP,
    scrollMargin: top,
    paddingStart: pendingHeight,
    initialMeasurementsCache,
    // The first render already covers the viewport, not an empty rect's one card.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
  });

  const setSize = pending.length + ruminations.length;
  return (
    <ul
      ref={listRef}
      aria-label={label}
      className="relative flex flex-col gap-4"
      // The browser's own scroll anchoring would correct the same height changes the virtualizer
      // corrects, and the page would jump by twice the difference.
      style={{ height: virtualizer.getTotalSize(), overflowAnchor: 'none' }}
    >
      {pending}
      {virtualizer.getVirtualItems().map((item) => {
        const rumination = ruminations[item.index];
        if (rumination === undefined) return null;
        return (
          <li
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            aria-setsize={setSize}
            aria-posinset={pending.length + item.index + 1}
            className="absolute inset-x-0 top-0"
            style={{ transform: `translateY(${item.start - top}px)` }}
            onFocus={() => {
              focusedId.current = rumination.id;
            }}
          >
            <Card rumination={rumination} viewerId={viewerId} />
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Where the list starts in the page (the virtualizer's `scrollMargin`) and how tall the pending
 * items above its cards are (its `paddingStart`). Read after each render, as what is above the list
 * (a search box, a banner) and the pending items can change; state changes only when they did.
 */
function useListPlacement(listRef: RefObject<HTMLUListElement | null>, pendingCount: number) {
  const [placement, setPlacement] = useState({ top: 0, pendingHeight: 0 });
  // After every render on purpose: what moves the list is not among this hook's inputs, and the
  // update is skipped when nothing moved, so it cannot loop.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    const list = listRef.current;
    if (list === null) return;
    const top = Math.round(list.getBoundingClientRect().top + window.scrollY);
    const lastPending = pendingCount > 0 ? list.children[pendingCount - 1] : undefined;
    const pendingHeight =
      lastPending instanceof HTMLElement
        ? lastPending.offsetTop + lastPending.offsetHeight + CARD_GAP
        : 0;
    setPlacement((before) =>
      before.top === top && before.pendingHeight === pendingHeight
        ? before
        : { top, pendingHeight },
    );
  });
  return placement;
}

/** The virtualizer's starting sizes: the heights measured before, where there are any. */
function measurementsFrom(ruminations: Rumination[], heights: Map<number, number>): VirtualItem[] {
  const items: VirtualItem[] = [];
  let start = 0;
  ruminations.forEach((rumination, index) => {
    const size = heights.get(rumination.id);
    if (size === undefined) return;
    items.push({ key: rumination.id, index, start, end: start + size, size, lane: 0 });
    start += size + CARD_GAP;
  });
  return items;
}
