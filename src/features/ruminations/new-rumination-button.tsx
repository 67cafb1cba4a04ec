import { Trans } from '@lingui/react/macro';
import { useLocation, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { COMPOSE_PARAM } from '../../domain/write-reminders';

const NewRuminationDialog = lazy(() => import('./new-rumination-dialog'));

/**
 * The navigation bar's New Rumination button (spec section 2). The dialog and its form are
 * fetched on first open (or on hover/focus, to hide the delay), not with the first screen. An
 * address with ?compose=1 opens it too (a click on a reminder to write).
 */
export function NewRuminationButton({ disabled }: { disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);

  // ?compose=1 (a reminder to write's click, src/domain/write-reminders.ts COMPOSER_PATH) opens
  // the composer once; the parameter is taken out of the address so a reload does not reopen it.
  const location = useLocation();
  const router = useRouter();
  const composeAsked =
    !disabled && new URLSearchParams(location.searchStr).get(COMPOSE_PARAM) === '1';
  const [answered, setAnswered] = useState<string | null>(null);
  if (composeAsked && answered !== location.href) {
    // Set while rendering (React's way to adjust state to new props), once per address.
    setAnswered(location.href);
    setMounted(true);
    setOpen(true);
  }
  useEffect(() => {
    if (!composeAsked) return;
    const rest = new URLSearchParams(location.searchStr);
    rest.delete(COMPOSE_PARAM);
    const query = rest.toString();
    router.history.replace(`${location.pathname}${query === '' ? '' : `?${query}`}`);
  }, [composeAsked, location.pathname, location.searchStr, router]);

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
        <Trans>New Rumination</Trans>
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <NewRuminationDialog open={open && !disabled} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
