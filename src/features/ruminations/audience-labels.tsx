import type { Rumination } from '../../api/rumination-schemas';
import { relationTypeLabel } from '../../domain/relation-types';

/** The audiences a rumination is shared with, by their labels ("Best Friend"). */
export function AudienceLabels({ audiences }: { audiences: Rumination['audiences'] }) {
  if (audiences.length === 0) return null;
  return (
    <ul aria-label="Audiences" className="flex flex-wrap gap-1">
      {audiences.map(({ relationType }) => (
        <li
          key={relationType}
          className="rounded-full border border-accent/40 bg-accent/10 px-2 py-0.5 text-xs font-medium text-ink"
        >
          {relationTypeLabel(relationType)}
        </li>
      ))}
    </ul>
  );
}
