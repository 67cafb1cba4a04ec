import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { NotificationsMenuLink } from '../../features/notifications/notification-bell';
import { PeopleNavLink } from '../../features/people/pending-request-count';
import { useAuth } from '../../features/auth/auth-context';
import { useTheme } from '../../features/theme/use-theme';
import { SignedInMenuName } from './signed-in-name';

const itemClass =
  'block cursor-pointer rounded px-3 py-2 text-sm text-ink no-underline outline-none data-[highlighted]:bg-page';

/**
 * What the menu holds: `all` below 1200 px, everything of the bar but the person's pages, New
 * Rumination and the bell; `more` up to 1440 px, only what the bar has no room for there.
 */
export type NavMenuItems = 'all' | 'more';

/**
 * The bar's menu (spec section 2: on small screens the signed-in actions sit in it). New Rumination
 * stays on the bar beside it: it opens a dialog, which cannot live inside a menu that closes on
 * selection; so do My Ruminations and My Feed, one tap away at every width. Loaded lazily by the
 * nav bar; `defaultOpen` honours a press on its stand-in trigger made before the code arrived.
 */
export function NavOverflowMenu({
  items,
  defaultOpen = false,
}: {
  items: NavMenuItems;
  defaultOpen?: boolean;
}) {
  const { t } = useLingui();
  const { logout } = useAuth();
  const { theme, toggle } = useTheme();
  const all = items === 'all';

  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className="icon-button" aria-label={t`Open menu`}>
        <span aria-hidden="true">⋯</span>
      </DropdownMenu.Trigger>
      {/* Not portalled to <body>: inside the nav the menu stays within a landmark (axe "region"). */}
      <DropdownMenu.Content
        align="end"
        sideOffset={6}
        className="z-50 min-w-48 rounded-md border border-line bg-surface p-1 shadow-lg"
      >
        {all ? (
          <>
            {/* Who is signed in, first: on a small screen the bar has no room to say it. */}
            <DropdownMenu.Item asChild className={`${itemClass} font-semibold`}>
              <SignedInMenuName />
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-line" />
            <DropdownMenu.Item asChild className={itemClass}>
              <PeopleNavLink />
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={itemClass}>
              <NotificationsMenuLink />
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-line" />
          </>
        ) : null}
        <DropdownMenu.Item asChild className={itemClass}>
          <Link to="/settings">
            <Trans>Settings</Trans>
          </Link>
        </DropdownMenu.Item>
        <DropdownMenu.Item asChild className={itemClass}>
          <Link to="/trash">
            <Trans>Trash</Trans>
          </Link>
        </DropdownMenu.Item>
        {all ? (
          <>
            <DropdownMenu.Item className={itemClass} onSelect={toggle}>
              {theme === 'dark' ? t`Switch to light theme` : t`Switch to dark theme`}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={itemClass} onSelect={() => void logout()}>
              <Trans>Sign Out</Trans>
            </DropdownMenu.Item>
          </>
        ) : null}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
