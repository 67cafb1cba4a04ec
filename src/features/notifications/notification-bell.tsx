import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';
import { badgeText, bellLabel } from './notification-text';
import { useUnreadCount } from './notification-queries';

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'children'> & {
  ref?: Ref<HTMLAnchorElement>;
};

/** A bell drawn inline (no icon library); decorative, the link's name says what it is. */
function BellIcon() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

function Badge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden="true"
      className="absolute -end-1 -top-1 inline-flex min-w-5 items-center justify-center rounded-full bg-accent px-1 text-xs leading-5 font-semibold text-accent-ink"
    >
      {badgeText(count)}
    </span>
  );
}

/**
 * The bell in the nav bar: a link to /notifications whose accessible name carries the unread
 * count ("Notifications, 3 unread"); the badge shows it (hidden at 0, "9+" above nine).
 */
export function NotificationBell() {
  const count = useUnreadCount();
  return (
    <Link
      to="/notifications"
      aria-label={bellLabel(count)}
      title={bellLabel(count)}
      className="icon-button relative"
    >
      <BellIcon />
      <Badge count={count} />
    </Link>
  );
}

/**
 * "Notifications" as a text link (the small screen's menu), with the count in its name. Other
 * props reach the link, so a menu item can render as it (Radix's asChild).
 */
export function NotificationsMenuLink(props: AnchorProps) {
  const count = useUnreadCount();
  return (
    <Link {...props} to="/notifications" aria-label={count > 0 ? bellLabel(count) : undefined}>
      <Trans>Notifications</Trans>
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="ms-1 inline-flex min-w-5 items-center justify-center rounded-full bg-accent px-1.5 text-xs font-semibold text-accent-ink"
        >
          {badgeText(count)}
        </span>
      ) : null}
    </Link>
  );
}
