import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAuth } from '../features/auth/auth-context';
import { usePageTitle } from '../lib/page-title';

/**
 * What an address that leads nowhere shows: an unknown path, and a note's or a person's address
 * whose id is not a number (/rumination/abc, /user/abc), alike. A single-page app: the server
 * answered index.html with 200; this screen is the answer.
 */
export function PageNotFound() {
  const { t } = useLingui();
  usePageTitle(t`Page not found`);
  // Signed in, one's own feed is the likelier way back; the public page is there for everyone.
  const { isAuthenticated } = useAuth();
  return (
    <div className="flex flex-col items-start gap-3">
      <h1 className="text-2xl font-bold">
        <Trans>Page not found</Trans>
      </h1>
      <p className="text-ink-muted">
        <Trans>
          There is nothing at this address. It may have been mistyped, or the page has moved.
        </Trans>
      </p>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {isAuthenticated ? (
          <Link to="/my-feed" className="text-link">
            <Trans>Go to My Feed</Trans>
          </Link>
        ) : null}
        <Link to="/public" className="text-link">
          <Trans>Go to Public Ruminations</Trans>
        </Link>
      </div>
    </div>
  );
}

export default PageNotFound;
