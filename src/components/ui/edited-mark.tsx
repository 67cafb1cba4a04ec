import { Trans } from '@lingui/react/macro';
import { formatTimestamp } from '../../lib/format-time';

/** "edited", with when, for a note or comment changed after it was written (updateTMS later). */
export function EditedMark({ createTMS, updateTMS }: { createTMS: string; updateTMS: string }) {
  if (updateTMS === createTMS) return null;
  const when = formatTimestamp(updateTMS);
  return (
    <span className="text-xs text-ink-muted">
      <Trans>
        edited <time dateTime={updateTMS}>{when}</time>
      </Trans>
    </span>
  );
}
