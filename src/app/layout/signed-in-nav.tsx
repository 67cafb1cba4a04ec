import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useAuth, useAuthSession } from '../../features/auth/auth-context';
import { NewRuminationButton } from '../../features/ruminations/new-rumination-button';
import { ThemeToggle } from '../../features/theme/theme-toggle';
import { useMediaQuery } from '../../lib/use-media-query';
import { SignedInName } from './signed-in-name';

/**
 * Below this width the secondary items move into the overflow menu: narrower, the full bar (with
 * Trash) ran past the screen's edge (at 768 px by about 130 px), its last items out of reach. With
 * the signed-in person's name on it, the bar ran past a 900 px screen by 154 px: it needs 1200.
 */
const SMALL_SCREEN_QUERY = '(max-width: 1199px)';

// The menu brings Radix's dropdown and its positioning library (about 20 KB gzipped): it loads
// only when a signed-in visitor's small screen shows it.
const NavOverflowMenu = lazy(() =>
  import('./nav-overflow-menu').then((module) => ({ default: module.NavOverflowMenu })),
);

// The count of waiting requests needs the relations' API and queries.
const PeopleNavLink = lazy(() =>
  import('../../features/people/pending-request-count').then((module) => ({
    default: module.PeopleNavLink,
  })),
);

// The bell and the live stream need the notifications' API, queries and stream reader.
const NotificationBell = lazy(() =>
  import('../../features/notifications/notification-bell').then((module) => ({
    default: module.NotificationBell,
  })),
);
const NotificationStream = lazy(() =>
  import('../../features/notifications/use-notification-stream').then((module) => ({
    default: module.NotificationStream,
  })),
);

// Sign-out removes this browser's push subscription; that code is fetched at sign-out only.
const forgetThisBrowserPush = async () =>
  (await import('../../features/push/push-sign-out')).forgetThisBrowserPush();

// Sign-out empties the service worker's photo cache: the next person here finds none of them.
const emptyPhotoCache = async () =>
  (await import('../../features/photos/photo-cache')).emptyPhotoCache();

/**
 * The signed-in part of the navigation bar (nav-bar.tsx): the person's pages on the left, then
 * New Rumination, the notifications bell, who is signed in (their name, to their profile),
 * Settings, the theme switch and Sign Out (on a small screen, a menu) on the right. It is rendered exactly while someone is signed in, so it also
 * holds the one notification stream. Default export: loaded lazily, only once someone is signed in.
 */
export default function SignedInNav() {
  const { requiresTosAcceptance, logout } = useAuth();
  const session = useAuthSession();
  useEffect(() => {
    session.signOutTasks.add(forgetThisBrowserPush);
    session.signOutTasks.add(emptyPhotoCache);
    return () => {
      session.signOutTasks.delete(forgetThisBrowserPush);
      session.signOutTasks.delete(emptyPhotoCache);
    };
  }, [session]);
  const isSmallScreen = useMediaQuery(SMALL_SCREEN_QUERY);
  return (
    <>
      <Suspense fallback={null}>
        <NotificationStream />
      </Suspense>
      {!isSmallScreen && (
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
        <div className="whitespace-nowrap">
          <NewRuminationButton disabled={requiresTosAcceptance} />
        </div>
        {/* On the bar at every width: the number is the point of it. */}
        <Suspense fallback={null}>
          <NotificationBell />
        </Suspense>
        {isSmallScreen ? (
          <NavOverflowMenuSlot />
        ) : (
          <>
            <SignedInName />
            <Link to="/settings" className="nav-link">
              Settings
            </Link>
            <Link to="/trash" className="nav-link">
              Trash
            </Link>
            <ThemeToggle />
            <button type="button" className="btn btn-secondary" onClick={() => void logout()}>
              Sign Out
            </button>
          </>
        )}
      </div>
    </>
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
