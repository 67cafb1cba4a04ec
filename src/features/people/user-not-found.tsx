import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../../lib/page-title';

/**
 * A profile address whose user does not exist (or has not activated their account): a screen of
 * its own with a way back, not an error with a "Try again" that cannot help.
 */
export function UserNotFound() {
  const { t } = useLingui();
  usePageTitle(t`User not found`);
  return (
    <div role="alert" className="flex flex-col items-start gap-3">
      <h1 className="text-2xl font-bold">
        <Trans>User not found</Trans>
      </h1>
      <p className="text-ink-muted">
        <Trans>There is no one at this address.</Trans>
      </p>
      <Link to="/public" className="text-link">
        <Trans>Back to Public Ruminations</Trans>
      </Link>
    </div>
  );
}
