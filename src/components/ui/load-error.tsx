import { useEffect } from 'react';
import { Trans } from '@lingui/react/macro';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { sayShared } from '../../lib/i18n/language';

/**
 * A route's error state: the failed call's message (spec section 8) and a way to try again.
 * Clearing React Query's error boundary first lets the retried loader fetch afresh.
 */
export function LoadError({ error }: { error: unknown }) {
  const router = useRouter();
  const { reset } = useQueryErrorResetBoundary();

  useEffect(() => {
    reset();
  }, [reset]);

  return (
    <RetryBox
      message={error instanceof Error ? error.message : String(error)}
      onRetry={() => void router.invalidate()}
    />
  );
}

/**
 * The error box of anything that failed to load: its message and Try again. `className` adds
 * spacing where the box sits. A server problem's message or a default written in English shows in
 * the language spoken (sayShared); one already translated passes as it is.
 */
export function RetryBox({
  message,
  onRetry,
  className = '',
}: {
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div role="alert" className={`error-box flex flex-col items-start gap-3 ${className}`.trim()}>
      <p>{sayShared(message)}</p>
      <button type="button" onClick={onRetry} className="btn btn-danger">
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
