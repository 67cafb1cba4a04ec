import { Link } from '@tanstack/react-router';
import type { UserRef } from '../../api/common';
import { displayNameOf, PersonName } from '../../components/ui/person-name';
import { UserAvatar } from '../../components/ui/user-avatar';

/** A person as People lists them: avatar, display name and @username, linking to their profile. */
export function PersonLink({ person }: { person: UserRef }) {
  return (
    <Link
      to="/user/$userId"
      params={{ userId: String(person.id) }}
      className="flex min-w-0 items-center gap-2 font-semibold text-ink no-underline hover:underline"
    >
      <UserAvatar username={person.username} name={displayNameOf(person)} size="sm" />
      <PersonName person={person} />
    </Link>
  );
}
