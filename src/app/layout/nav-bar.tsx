import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { useAuth } from '../../features/auth/auth-context';
import { BarFrame, logoLinkProps, publicLinkProps } from './page-frame';

// Everything a signed-in person has in the bar (their pages, New Rumination, Settings, the theme
// switch, Sign Out, the small screen's menu) arrives in its own chunk: a signed-out first visit,
// the one the client budget measures, does not download it.
const loadSignedInNav = () => import('./signed-in-nav');
const SignedInNav = lazy(loadSignedInNav);

/** The top navigation bar, shown on every screen (spec section 2). */
export function NavBar() {
  const { t } = useLingui();
  const { isAuthenticated } = useAuth();
  const onLogin = useRouterState({ select: (state) => state.location.pathname === '/login' });
  useEffect(() => {
    // Whoever opens the sign-in screen is about to need it: fetched now, the bar is whole at once.
    if (onLogin && !isAuthenticated) void loadSignedInNav();
  }, [onLogin, isAuthenticated]);

  return (
    <BarFrame label={t`Main`}>
      <Link to="/public" aria-label={t`Ruminations, public ruminations`} {...logoLinkProps} />
      <Link to="/public" {...publicLinkProps}>
        <Trans>Public</Trans>
      </Link>
      {isAuthenticated ? (
        <Suspense fallback={null}>
          <SignedInNav />
        </Suspense>
      ) : (
        <div className="ms-auto flex items-center gap-2">
          <Link to="/login" className="btn btn-primary no-underline">
            <Trans>Sign In</Trans>
          </Link>
        </div>
      )}
    </BarFrame>
  );
}
