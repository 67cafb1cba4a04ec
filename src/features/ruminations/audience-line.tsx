import type { Rumination } from '../../api/rumination-schemas';
import { audienceWords } from '../../domain/audience-words';
import { AudienceIcon } from '../composer/audience-icon';

/**
 * Who can read a note, the same words for its author and its readers: "Public" with a globe, the
 * people ("Friends and Family"), or "Only you" on a draft.
 */
export function AudienceLine({
  rumination,
}: {
  rumination: Pick<Rumination, 'isPublished' | 'audiences'>;
}) {
  const words = audienceWords({
    isPublished: rumination.isPublished,
    audiences: rumination.audiences.map((a) => a.relationType),
  });
  return (
    <p className="flex items-center gap-1 text-xs text-ink-muted">
      <AudienceIcon kind={words.kind} className="size-3.5" />
      <span className="sr-only">Who can read it: </span>
      <span>{words.short}</span>
    </p>
  );
}
