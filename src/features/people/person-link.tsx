import { Link } from '@tanstack/react-router';
import { UserAvatar } from '../../components/ui/user-avatar';

/** A person as People lists them: avatar and name, linking to their profile. */
export function PersonLink({ person }: { person: { id: number; username: string } }) {
  return (
    <Link
      to="/user/$userId"
      params={{ userId: String(person.id) }}
      className="flex items-center gap-2 font-semibold text-ink no-underline hover:underline"
    >
      <UserAvatar username={person.username} size="sm" />
      {person.username}
    </Link>
  );
}
