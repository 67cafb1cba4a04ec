import type { KeyboardEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RuminationMedia } from '../../api/media-schemas';
import { formatNumber } from '../../lib/format-number';

interface PhotoViewerProps {
  media: readonly RuminationMedia[];
  /** The photo shown, or null when the viewer is closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
  /** After closing, once the dialog has gone: puts focus back (on the photo last shown). */
  returnFocus: () => void;
}

/**
 * A card's photos one at a time, in full (up to 2048 px), with their alt text: previous and next
 * by buttons or the arrow keys (in the reading direction: in Arabic, ArrowLeft is next), Escape or
 * Close to leave. Default export: loaded with the first
 * click on a photo (photo-grid.tsx), as it brings Radix's dialog.
 */
export default function PhotoViewer({
  media,
  index,
  onIndexChange,
  returnFocus,
}: PhotoViewerProps) {
  const { t } = useLingui();
  const shown = index === null ? undefined : media[index];
  const count = media.length;
  // Round the ends: a button never turns disabled under the focus that pressed it.
  const step = (by: number) => {
    if (index !== null) onIndexChange((index + by + count) % count);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (count < 2) return;
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    // The arrow pointing where the reading goes is "next": right in English, left in Arabic.
    const forward = document.documentElement.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    step(event.key === forward ? 1 : -1);
  };
  const place = formatNumber((index ?? 0) + 1);
  const total = formatNumber(count);

  return (
    <Dialog.Root
      open={shown !== undefined}
      onOpenChange={(open) => {
        if (!open) onIndexChange(null);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/80" />
        <Dialog.Content
          onKeyDown={onKeyDown}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
          {...(shown?.alt ? {} : { 'aria-describedby': undefined })}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[95dvh] w-[min(64rem,calc(100vw-1rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-3 rounded-xl border border-line bg-surface p-4 text-ink shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold">
              {shown ? t`Photo ${place} of ${total}` : t`Photo`}
            </Dialog.Title>
            <Dialog.Close aria-label={t`Close`} className="icon-button">
              <svg viewBox="0 0 16 16" className="size-5" aria-hidden="true">
                <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.75" />
              </svg>
            </Dialog.Close>
          </div>
          {shown ? (
            <>
              <div className="flex min-h-0 flex-1 items-center justify-center">
                <img
                  key={shown.id}
                  src={shown.url}
                  alt={shown.alt}
                  width={shown.width}
                  height={shown.height}
                  decoding="async"
                  className="h-auto max-h-[70dvh] w-auto max-w-full object-contain"
                />
              </div>
              {shown.alt ? (
                <Dialog.Description className="text-sm whitespace-pre-wrap text-ink">
                  {shown.alt}
                </Dialog.Description>
              ) : null}
            </>
          ) : null}
          {count > 1 ? (
            <div className="flex justify-between gap-2">
              <button type="button" className="btn btn-secondary" onClick={() => step(-1)}>
                {/* Arrows point along the reading: mirrored in Arabic. */}
                <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
                  ←
                </span>{' '}
                <Trans>Previous photo</Trans>
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => step(1)}>
                <Trans>Next photo</Trans>{' '}
                <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
                  →
                </span>
              </button>
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
