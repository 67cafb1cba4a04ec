import { Trans } from '@lingui/react/macro';
import type { Rumination } from '../../api/rumination-schemas';
import { audienceWords } from '../../domain/audience-words';
import { sayShared } from '../../lib/i18n/language';
import { AudienceIcon } from '../composer/audience-icon';

/**
 * Who can read a note, the same words for its author and its readers: "Public" with a globe, the
 * people ("Friends and Family"), or "Only you" on a draft; the domain's words, in the language
 * spoken.
 */
export function AudienceLine({
  rumination,
}: {
  rumination: Pick<Rumination, 'isPublished' | 'audiences'>;
}) {
  const words = audienceWords(
    {
      isPublished: rumination.isPublished,
      audiences: rumination.audiences.map((a) => a.relationType),
    },
    sayShared,
  );
  return (
    <p className="flex items-center gap-1 text-xs text-ink-muted">
      <AudienceIcon kind={words.kind} className="size-3.5" />
      <span className="sr-only">
        <Trans>Who can read it:</Trans>{' '}
      </span>
      <span>{words.short}</span>
    </p>
  );
}
