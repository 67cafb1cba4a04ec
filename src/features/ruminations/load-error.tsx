import { useEffect } from 'react';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';

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
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p>{error instanceof Error ? error.message : String(error)}</p>
      <button
        type="button"
        onClick={() => void router.invalidate()}
        className="rounded-md border border-red-400 px-3 py-1.5 text-sm font-medium hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 dark:border-red-700 dark:hover:bg-red-900"
      >
        Try again
      </button>
    </div>
  );
}
