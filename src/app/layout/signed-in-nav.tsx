import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useAuth, useAuthSession } from '../../features/auth/auth-context';
import { NewRuminationButton } from '../../features/ruminations/new-rumination-button';
import { ThemeToggle } from '../../features/theme/theme-toggle';
import { useMediaQuery } from '../../lib/use-media-query';
import type { NavMenuItems } from './nav-overflow-menu';
import { SignedInName } from './signed-in-name';

/**
 * Below 1200 px the secondary items move into the overflow menu: narrower, the full bar (with
 * Trash) ran past the screen's edge (at 768 px by about 130 px), its last items out of reach. The
 * person's own pages stay on the bar at every width, one tap away (on a phone, on a line of their
 * own under the bar).
 */
const COMPACT_QUERY = '(max-width: 1199px)';
/**
 * Below 1440 px Settings and Trash wait in a small menu: at 1280 px, with them, the bar had no room
 * for a name like "Carlos Ibáñez Domínguez" and wrapped "My Ruminations" onto two lines.
 */
const MEDIUM_QUERY = '(max-width: 1439px)';

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

// The time zone set from the browser once per account and device (a few lines, fetched apart).
const TimeZoneFromBrowser = lazy(() => import('../../features/preferences/time-zone-from-browser'));
// The language chosen in Settings, spoken on every device of the person (a few lines, fetched apart).
const LanguageFromPreferences = lazy(
  () => import('../../features/preferences/language-from-preferences'),
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
 * Settings, Trash, the theme switch and Sign Out on the right; the narrower the screen, the more
 * of the right side waits in a menu (COMPACT_QUERY, MEDIUM_QUERY). It is rendered exactly while
 * someone is signed in, so it also holds the one notification stream. Default export: loaded
 * lazily, only once someone is signed in.
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
  const compact = useMediaQuery(COMPACT_QUERY);
  const roomy = !useMediaQuery(MEDIUM_QUERY);
  return (
    <>
      <Suspense fallback={null}>
        <NotificationStream />
      </Suspense>
      <Suspense fallback={null}>
        <TimeZoneFromBrowser />
      </Suspense>
      <Suspense fallback={null}>
        <LanguageFromPreferences />
      </Suspense>
      <div
        className={
          compact
            ? // A phone: a line of their own under the bar; from 768 px there is room beside Public.
              'order-last flex basis-full items-center gap-1 md:order-none md:basis-auto'
            : 'flex items-center gap-1'
        }
      >
        <Link to="/my-ruminations" className="nav-link">
          <Trans>My Ruminations</Trans>
        </Link>
        <Link to="/my-feed" className="nav-link">
          <Trans>My Feed</Trans>
        </Link>
        {compact ? null : (
          <Suspense
            fallback={
              <Link to="/people" className="nav-link">
                <Trans>People</Trans>
              </Link>
            }
          >
            <PeopleNavLink className="nav-link" />
          </Suspense>
        )}
      </div>
      {/* min-w-0: short of room, the name gives way (cut with an ellipsis), not the buttons. */}
      <div className="ms-auto flex min-w-0 items-center gap-2">
        <div className="shrink-0 whitespace-nowrap">
          <NewRuminationButton disabled={requiresTosAcceptance} />
        </div>
        {/* On the bar at every width: the number is the point of it. */}
        <Suspense fallback={null}>
          <NotificationBell />
        </Suspense>
        {compact ? (
          <NavOverflowMenuSlot items="all" />
        ) : (
          <>
            <SignedInName />
            {roomy ? (
              <>
                <Link to="/settings" className="nav-link">
                  <Trans>Settings</Trans>
                </Link>
                <Link to="/trash" className="nav-link">
                  <Trans>Trash</Trans>
                </Link>
              </>
            ) : null}
            <ThemeToggle />
            <button
              type="button"
              className="btn btn-secondary shrink-0 whitespace-nowrap"
              onClick={() => void logout()}
            >
              <Trans>Sign Out</Trans>
            </button>
            {roomy ? null : <NavOverflowMenuSlot items="more" />}
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
function NavOverflowMenuSlot({ items }: { items: NavMenuItems }) {
  const { t } = useLingui();
  const [openOnArrival, setOpenOnArrival] = useState(false);
  return (
    <Suspense
      fallback={
        <button
          type="button"
          className="icon-button"
          aria-label={t`Open menu`}
          aria-haspopup="menu"
          aria-expanded={false}
          onClick={() => setOpenOnArrival(true)}
        >
          <span aria-hidden="true">⋯</span>
        </button>
      }
    >
      <NavOverflowMenu items={items} defaultOpen={openOnArrival} />
    </Suspense>
  );
}
