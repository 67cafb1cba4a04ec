import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../../lib/page-title';

/** What a profile address without a usable id shows (spec sections 2 and 8). */
export function InvalidUserId() {
  const { t } = useLingui();
  usePageTitle(t`Invalid user ID`);
  return (
    <div role="alert" className="flex flex-col items-start gap-3">
      <h1 className="text-2xl font-bold">
        <Trans>Invalid user ID</Trans>
      </h1>
      <Link to="/public" className="text-link">
        <Trans>Back to Public Ruminations</Trans>
      </Link>
    </div>
  );
}
