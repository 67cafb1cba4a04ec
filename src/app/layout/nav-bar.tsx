import { Link, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { useAuth } from '../../features/auth/auth-context';
import { Logo } from './logo';

// Everything a signed-in person has in the bar (their pages, New Rumination, Settings, the theme
// switch, Sign Out, the small screen's menu) arrives in its own chunk: a signed-out first visit,
// the one the client budget measures, does not download it.
const loadSignedInNav = () => import('./signed-in-nav');
const SignedInNav = lazy(loadSignedInNav);

/** The top navigation bar, shown on every screen (spec section 2). */
export function NavBar() {
  const { isAuthenticated } = useAuth();
  const onLogin = useRouterState({ select: (state) => state.location.pathname === '/login' });
  useEffect(() => {
    // Whoever opens the sign-in screen is about to need it: fetched now, the bar is whole at once.
    if (onLogin && !isAuthenticated) void loadSignedInNav();
  }, [onLogin, isAuthenticated]);

  return (
    <header className="border-b border-line bg-surface">
      <nav aria-label="Main" className="mx-auto flex max-w-5xl items-center gap-1 px-4 py-2">
        <Link
          to="/public"
          aria-label="Ruminations, public ruminations"
          className="mr-2 no-underline"
        >
          <Logo />
        </Link>
        <Link to="/public" className="nav-link">
          Public
        </Link>
        {isAuthenticated ? (
          <Suspense fallback={null}>
            <SignedInNav />
          </Suspense>
        ) : (
          <div className="ml-auto flex items-center gap-2">
            <Link to="/login" className="btn btn-primary no-underline">
              Sign In
            </Link>
          </div>
        )}
      </nav>
    </header>
  );
}
