import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../../lib/page-title';

/**
 * What /rumination/{id} shows for a rumination that does not exist and for one the reader may not
 * see, alike: the page never tells which.
 */
export function RuminationNotFound() {
  const { t } = useLingui();
  usePageTitle(t`Rumination not found`);
  return (
    <div role="alert" className="flex flex-col items-start gap-3">
      <h1 className="text-2xl font-bold">
        <Trans>Rumination not found</Trans>
      </h1>
      <p className="text-ink-muted">
        <Trans>It does not exist, or it is not shared with you.</Trans>
      </p>
      <Link to="/public" className="text-link">
        <Trans>Back to Public Ruminations</Trans>
      </Link>
    </div>
  );
}
