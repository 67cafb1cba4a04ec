import { Link } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';
import { displayNameOf } from '../../components/ui/person-name';
import { UserAvatar } from '../../components/ui/user-avatar';
import { useCurrentUser } from '../../features/auth/use-current-user';

/**
 * Who is signed in: their avatar and display name, linking to their profile. Nothing until /me
 * has answered (a moment after sign-in, at once from the cache afterwards).
 */
export function SignedInName() {
  const user = useCurrentUser();
  if (user === null) return null;
  const name = displayNameOf(user);
  return (
    <Link
      to="/user/$userId"
      params={{ userId: String(user.id) }}
      title={name}
      // Unlike the other links it may shrink: short of room, the name gives way first.
      className="nav-link flex min-w-0 shrink items-center gap-2"
    >
      <UserAvatar username={user.username} name={name} size="sm" />
      {/* Whole up to about 30 letters ("Carlos Ibáñez Domínguez" and more); a longer name is cut
          short on the bar (the whole of it in the tooltip and the profile). */}
      <span dir="auto" className="max-w-56 truncate">
        {name}
      </span>
    </Link>
  );
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'children'> & {
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * The same, as the first item of the small screen's menu: other props reach the link, so the menu
 * item renders as it (Radix's asChild) with the item's look.
 */
export function SignedInMenuName(props: AnchorProps) {
  const user = useCurrentUser();
  if (user === null) return null;
  const name = displayNameOf(user);
  return (
    <Link {...props} to="/user/$userId" params={{ userId: String(user.id) }}>
      <span dir="auto">{name}</span>
    </Link>
  );
}
