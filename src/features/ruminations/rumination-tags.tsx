import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Rumination } from '../../api/rumination-schemas';

/**
 * A card's tags, each a link to the list of that tag where the viewer meets this note: their own
 * (My Ruminations, its published or drafts view), everyone's public ones (Public), or what people
 * share with them (My Feed).
 */
export function RuminationTags({
  rumination,
  viewerId,
}: {
  rumination: Rumination;
  viewerId: number | null;
}) {
  // A note kept from before tags existed (the offline copy) has none.
  const { t } = useLingui();
  const tags = rumination.tags ?? [];
  if (tags.length === 0) return null;
  const isOwn = viewerId !== null && rumination.createdBy.id === viewerId;
  const isPublic = rumination.isPublished && rumination.audiences.length === 0;
  // One link shape for the three lists: only where it leads differs.
  const where = (tag: string) =>
    isOwn
      ? ({
          to: '/my-ruminations',
          search: rumination.isPublished ? { tag } : { view: 'drafts', tag },
        } as const)
      : isPublic || viewerId === null
        ? ({ to: '/public', search: { tag } } as const)
        : ({ to: '/my-feed', search: { tag } } as const);
  return (
    <ul aria-label={t`Tags`} className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li key={tag}>
          {/* dir="auto": "#walk" keeps its sign before the word in a right-to-left page. */}
          <Link {...where(tag)} dir="auto" className={TAG_CLASS}>
            #{tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}

const TAG_CLASS =
  'inline-flex min-h-6 items-center rounded-full border border-line bg-page px-2 text-xs font-medium text-accent no-underline hover:underline';
