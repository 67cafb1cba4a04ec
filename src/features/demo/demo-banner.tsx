import { Trans, useLingui } from '@lingui/react/macro';
import { DEMO_DB_KEY } from '../../api/demo-backend';
import { clearToken } from '../../lib/token-storage';
import { DemoMailbox } from './demo-mailbox';

/**
 * Tells a visitor of `npm run demo` that nothing here reaches a server, and lets them start over.
 * Reset drops the stored demo data and the session (its token would not exist in the new seed);
 * the reload then seeds the mock backend afresh.
 */
export function DemoBanner({ onReset = () => window.location.reload() }: { onReset?: () => void }) {
  const { t } = useLingui();
  const reset = () => {
    try {
      localStorage.removeItem(DEMO_DB_KEY);
    } finally {
      clearToken();
    }
    onReset();
  };

  return (
    <div
      role="region"
      aria-label={t`Demo`}
      className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <div className="mx-auto flex w-full max-w-3xl flex-wrap items-center justify-between gap-2">
        <p>
          <Trans>
            <strong className="font-semibold">Demo:</strong> nothing is sent to a server. The data
            is kept in this browser only.
          </Trans>
        </p>
        <button
          type="button"
          onClick={reset}
          className="rounded border border-amber-400 px-2 py-1 font-medium hover:bg-amber-100 dark:border-amber-600 dark:hover:bg-amber-900"
        >
          <Trans>Reset demo data</Trans>
        </button>
        <DemoMailbox />
      </div>
    </div>
  );
}
