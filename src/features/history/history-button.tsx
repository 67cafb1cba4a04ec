import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import type { Rumination } from '../../api/rumination-schemas';

// The versions and their differences: fetched when the author first opens them.
const HistoryDialog = lazy(() => import('./history-dialog'));

/**
 * The author's "edited" on their own card: everyone's mark (`children`), as a button that opens
 * the note's history. Loaded lazily by the card, only for an author's edited note, so that a
 * reader's cards carry none of it. The card hands over its mark and its time formatting: shared
 * with this lazy module, they would be split off the card into chunks of their own.
 */
export default function HistoryButton({
  rumination,
  afterRestore,
  formatTime,
  children,
}: {
  rumination: Rumination;
  /** What a restored version refreshes (the card's lists). */
  afterRestore: (queryClient: QueryClient) => Promise<void>;
  formatTime: (iso: string) => string;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        className="self-start text-xs text-ink-muted underline-offset-2 hover:underline"
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        {children}
        <span className="sr-only">
          <Trans>: show history</Trans>
        </span>
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <HistoryDialog
            rumination={rumination}
            open={open}
            onOpenChange={setOpen}
            afterRestore={() => afterRestore(queryClient)}
            formatTime={formatTime}
          />
        </Suspense>
      ) : null}
    </>
  );
}
