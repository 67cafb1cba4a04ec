import { lazy, Suspense, useRef, useState } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { RuminationMedia } from '../../api/media-schemas';
import { formatNumber } from '../../lib/format-number';
import { thumbnailSize } from './thumbnail-size';

// The viewer brings Radix's dialog: it loads on the first click on a photo, never with the cards.
const PhotoViewer = lazy(() => import('./photo-viewer'));

/** Columns by count: one photo alone, two side by side, four in a square, else rows of three. */
const GRID_COLUMNS = ['', 'grid-cols-1', 'grid-cols-2', 'grid-cols-3', 'grid-cols-2'] as const;

interface PhotoGridProps {
  /** Absent on a copy written before notes had photos (an older saved copy, a queued write). */
  media: readonly RuminationMedia[] | undefined;
}

/**
 * A card's photos as thumbnails: each a button that opens the viewer at it. Thumbnails load lazily
 * and carry their size, so the card does not jump as they arrive.
 */
export function PhotoGrid({ media }: PhotoGridProps) {
  const { t } = useLingui();
  const [openAt, setOpenAt] = useState<number | null>(null);
  // The viewer is kept mounted once loaded, so that a second opening is instant.
  const [viewerMounted, setViewerMounted] = useState(false);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  // The photo last shown: its thumbnail gets the focus back when the viewer closes.
  const lastShown = useRef(0);
  const show = (index: number | null) => {
    if (index !== null) lastShown.current = index;
    setOpenAt(index);
  };
  if (!media?.length) return null;
  const single = media.length === 1;
  const columns = GRID_COLUMNS[media.length] ?? 'grid-cols-3';
  const count = media.length;
  const total = formatNumber(count);

  return (
    <>
      <ul
        aria-label={single ? t`Photo` : t`${plural(count, { one: '# photo', other: '# photos' })}`}
        className={`grid gap-1 ${columns}`}
      >
        {media.map((photo, index) => {
          const size = thumbnailSize(photo.width, photo.height);
          const position = formatNumber(index + 1);
          const alt = photo.alt;
          return (
            <li key={photo.id} className={single ? 'flex' : 'flex aspect-square'}>
              <button
                type="button"
                ref={(element) => {
                  buttons.current[index] = element;
                }}
                aria-label={
                  alt ? t`Open photo ${position}: ${alt}` : t`Open photo ${position} of ${total}`
                }
                className="block w-full overflow-hidden rounded-lg border border-line bg-page focus-visible:outline-2 focus-visible:outline-offset-2"
                onClick={() => {
                  setViewerMounted(true);
                  show(index);
                }}
              >
                <img
                  src={photo.thumbnailUrl}
                  alt={photo.alt}
                  width={size.width}
                  height={size.height}
                  loading="lazy"
                  decoding="async"
                  className={
                    single
                      ? 'h-auto max-h-80 w-auto max-w-full object-contain'
                      : 'size-full object-cover'
                  }
                />
              </button>
            </li>
          );
        })}
      </ul>
      {viewerMounted ? (
        <Suspense fallback={null}>
          <PhotoViewer
            media={media}
            index={openAt}
            onIndexChange={show}
            returnFocus={() => buttons.current[lastShown.current]?.focus()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
