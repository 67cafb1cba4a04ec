import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { RELATION_LIMIT_MAX } from '../../api/limits';
import { readerNames } from '../../domain/reader-names';
import type { RelationType } from '../../domain/relation-types';
import { sayShared } from '../../lib/i18n/language';
import { relationQueries } from '../relations/relation-queries';
import { AudienceIcon } from './audience-icon';

/**
 * Who will be able to read the note, beside the buttons that decide it: published, the people by
 * name (or everyone, said plainly), and a warning when a chosen audience has nobody in it yet; as a
 * draft, only its writer. The relations are the list People and the nav's count already read (one
 * cache entry, kept for offline use); until they are known, and without `writerId` (not yet known
 * either), the audiences are said as categories.
 */
export function WhoWillRead({
  audiences,
  writerId,
}: {
  /** null: not chosen yet; []: Public. */
  audiences: readonly RelationType[] | null;
  writerId: number | null;
}) {
  const { data: relations } = useQuery({
    ...relationQueries.mine(RELATION_LIMIT_MAX),
    enabled: writerId !== null,
  });
  const said = readerNames(
    audiences,
    writerId !== null && relations ? { writerId, relations } : null,
    sayShared,
  );
  return (
    <p className="flex flex-wrap items-center gap-x-1 text-sm text-ink-muted">
      <span>
        <Trans>Publish:</Trans>
      </span>
      <span className="inline-flex items-center gap-1 font-medium text-ink">
        {said.icon ? <AudienceIcon kind={said.icon} /> : null}
        {said.readers.length > 0 ? (
          <span>
            {said.readers.map((part, index) =>
              'name' in part ? <bdi key={index}>{part.name}</bdi> : part.text,
            )}
          </span>
        ) : null}
      </span>
      {/* Always in the page, so that a warning appearing in it is announced. A live region, not
          role="status": the composer has its own status line ("Restored what you were writing."). */}
      <span aria-live="polite" className="font-medium text-danger">
        {said.warning}
      </span>
      <span>
        <Trans>Save Draft: only you.</Trans>
      </span>
    </p>
  );
}
