import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useAuth } from '../../features/auth/auth-context';
import { NewRuminationButton } from '../../features/ruminations/new-rumination-button';
import { ThemeToggle } from '../../features/theme/theme-toggle';
import { useMediaQuery } from '../../lib/use-media-query';
import { Logo } from './logo';

// The menu brings Radix's dropdown and its positioning library (about 20 KB gzipped): it loads
// only when a signed-in visitor's small screen shows it, never for a signed-out first visit.
const NavOverflowMenu = lazy(() =>
  import('./nav-overflow-menu').then((module) => ({ default: module.NavOverflowMenu })),
);

// The count of waiting requests needs the relations' API and queries: loaded once someone is
// signed in, not on a signed-out first visit.
const PeopleNavLink = lazy(() =>
  import('../../features/people/pending-request-count').then((module) => ({
    default: module.PeopleNavLink,
  })),
);

/** Below Tailwind's `sm` breakpoint the secondary items move into the overflow menu. */
export const SMALL_SCREEN_QUERY = '(max-width: 639px)';

/** The top navigation bar, shown on every screen (spec section 2). */
export function NavBar() {
  const { isAuthenticated, requiresTosAcceptance, logout } = useAuth();
  const isSmallScreen = useMediaQuery(SMALL_SCREEN_QUERY);

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
        {isAuthenticated && !isSmallScreen && (
          <>
            <Link to="/my-ruminations" className="nav-link">
              My Ruminations
            </Link>
            <Link to="/my-feed" className="nav-link">
              My Feed
            </Link>
            <Suspense
              fallback={
                <Link to="/people" className="nav-link">
                  People
                </Link>
              }
            >
              <PeopleNavLink className="nav-link" />
            </Suspense>
          </>
        )}
        <div className="ml-auto flex items-center gap-2">
          {isAuthenticated ? (
            <>
              <div className="whitespace-nowrap">
                <NewRuminationButton disabled={requiresTosAcceptance} />
              </div>
              {isSmallScreen ? (
                <NavOverflowMenuSlot />
              ) : (
                <>
                  <ThemeToggle />
                  <button type="button" className="btn btn-secondary" onClick={() => void logout()}>
                    Sign Out
                  </button>
                </>
              )}
            </>
          ) : (
            <Link to="/login" className="btn btn-primary no-underline">
              Sign In
            </Link>
          )}
        </div>
      </nav>
    </header>
  );
}

/**
 * Until the menu's code has arrived, an identical trigger stands in; a press on it is remembered
 * and the menu opens as soon as it can.
 */
function NavOverflowMenuSlot() {
  const [openOnArrival, setOpenOnArrival] = useState(false);
  return (
    <Suspense
      fallback={
        <button
          type="button"
          className="icon-button"
          aria-label="Open menu"
          aria-haspopup="menu"
          aria-expanded={false}
          onClick={() => setOpenOnArrival(true)}
        >
          <span aria-hidden="true">⋯</span>
        </button>
      }
    >
      <NavOverflowMenu defaultOpen={openOnArrival} />
    </Suspense>
  );
}
