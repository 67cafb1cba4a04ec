import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import type { UserRef } from '../../api/common';
import { RELATION_LIMIT_MAX } from '../../api/limits';
import { relationQueries } from '../relations/relation-queries';

/** At most this many people are offered at once. */
const SHOWN = 6;

/**
 * The people a writer may mention while typing `@`: those they have a relation with (accepted
 * first, then pending), by display name with the username beside it, whose name or username holds
 * what was typed. Each is a button: the keyboard reaches them with Tab, Escape closes the list.
 * Default export, loaded the first time `@` is typed (mention-typing.ts).
 */
export default function MentionPicker({
  writerId,
  query,
  onChoose,
  onClose,
}: {
  writerId: number | null;
  query: string;
  onChoose: (username: string) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const { data: relations } = useQuery({
    ...relationQueries.mine(RELATION_LIMIT_MAX),
    enabled: writerId !== null,
  });
  if (!relations || writerId === null) return null;
  const wanted = query.toLowerCase();
  const seen = new Set<number>();
  const people: UserRef[] = [];
  const ordered = [...relations]
    .filter((r) => !r.isDeleted && !r.isRejected)
    .sort((a, b) => Number(b.isAccepted) - Number(a.isAccepted));
  for (const relation of ordered) {
    const other = relation.initiator.id === writerId ? relation.receiver : relation.initiator;
    if (seen.has(other.id)) continue;
    seen.add(other.id);
    const matches =
      other.username.toLowerCase().includes(wanted) ||
      other.displayName.toLowerCase().includes(wanted);
    if (matches) people.push(other);
  }
  if (people.length === 0) return null;
  return (
    <ul
      aria-label={t`People to mention`}
      className="flex flex-wrap gap-2"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      {people.slice(0, SHOWN).map(({ id, displayName: name, username }) => (
        <li key={id}>
          <button
            type="button"
            className="btn btn-secondary text-sm"
            aria-label={t`Mention ${name} (@${username})`}
            onClick={() => onChoose(username)}
          >
            <bdi>{name}</bdi>{' '}
            {/* A username reads left to right, its @ before it, in an Arabic line too. */}
            <span className="text-ink-muted" dir="ltr">
              @{username}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
