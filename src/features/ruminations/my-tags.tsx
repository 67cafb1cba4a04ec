import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ruminationQueries } from './rumination-queries';
import { formatNumber } from '../../lib/format-number';

/**
 * My Ruminations' tags: each of the person's own tags with how many of their notes hold it, most
 * used first, a link to that tag's list (the view shown kept). Nothing while there are none; a
 * failed load leaves the list out rather than blocking the notes.
 */
export function MyTags({ isPublic, current }: { isPublic: boolean; current: string | undefined }) {
  const { t } = useLingui();
  const { data } = useQuery(ruminationQueries.myTags());
  if (!data || data.length === 0) return null;
  return (
    <nav aria-label={t`My tags`}>
      <ul className="flex flex-wrap gap-2">
        {data.map(({ tag, count }) => (
          <li key={tag}>
            <Link
              to="/my-ruminations"
              search={isPublic ? { tag } : { view: 'drafts' as const, tag }}
              aria-current={tag === current ? 'page' : undefined}
              aria-label={t`#${tag}, ${plural(count, { one: '# rumination', other: '# ruminations' })}`}
              className="inline-flex min-h-6 items-center gap-1 rounded-full border border-line bg-page px-2 text-xs font-medium text-accent no-underline hover:underline aria-[current=page]:bg-surface aria-[current=page]:shadow-sm"
            >
              <span dir="auto">#{tag}</span>
              <span className="text-ink-muted">{formatNumber(count)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The search box's suggestions while its text starts with `#`: the person's tags that begin with
 * what follows, as buttons that list that tag's notes (at most eight, most used first).
 */
export function TagSuggestions({
  text,
  onChoose,
}: {
  text: string;
  onChoose: (tag: string) => void;
}) {
  const { t } = useLingui();
  const { data } = useQuery(ruminationQueries.myTags());
  const typed = text.trim();
  if (!typed.startsWith('#') || !data) return null;
  const prefix = typed.slice(1).normalize('NFC').toLowerCase();
  const matches = data.filter(({ tag }) => tag.startsWith(prefix)).slice(0, 8);
  if (matches.length === 0) return null;
  return (
    <ul aria-label={t`Tag suggestions`} className="flex flex-wrap gap-2">
      {matches.map(({ tag, count }) => (
        <li key={tag}>
          <button
            type="button"
            className="btn btn-secondary text-sm"
            aria-label={t`Show #${tag}, ${plural(count, { one: '# rumination', other: '# ruminations' })}`}
            onClick={() => onChoose(tag)}
          >
            <span dir="auto">#{tag}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The tag a search box's text names when it is one of the person's tags (`#walk`), else none. */
export function chosenTag(
  text: string,
  tags: readonly { tag: string }[] | undefined,
): string | undefined {
  const trimmed = text.trim();
  if (!trimmed.startsWith('#')) return undefined;
  const name = trimmed.slice(1).normalize('NFC').toLowerCase();
  return tags?.some((t) => t.tag === name) ? name : undefined;
}
