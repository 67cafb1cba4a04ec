import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ReactElement } from 'react';
import { errorMessage } from '../../lib/error-message';

/**
 * What a setting of Settings shows while the person's preferences are not loaded: "Loading...", or
 * why they failed; null once they are there. One for every setting that reads them.
 */
export function preferencesNotLoaded(preferences: {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}): ReactElement | null {
  if (preferences.isPending) {
    return (
      <p className="text-sm text-ink-muted">
        <Trans>Loading...</Trans>
      </p>
    );
  }
  if (preferences.isError) {
    return (
      <p role="alert" className="error-box">
        {errorMessage(preferences.error, t`Failed to fetch your preferences`)}
      </p>
    );
  }
  return null;
}
