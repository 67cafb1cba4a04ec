import { lazy, Suspense, useState } from 'react';

const NewRuminationDialog = lazy(() => import('./new-rumination-dialog'));

/**
 * The navigation bar's New Rumination button (spec section 2). The dialog and its form are
 * fetched on first open (or on hover/focus, to hide the delay), not with the first screen.
 */
export function NewRuminationButton({ disabled }: { disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);

  const prefetch = () => {
    void import('./new-rumination-dialog');
  };

  return (
    <>
      <button
        type="button"
        disabled={disabled}
        aria-haspopup="dialog"
        onMouseEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
        className="btn btn-primary whitespace-nowrap"
      >
        New Rumination
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <NewRuminationDialog open={open && !disabled} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
