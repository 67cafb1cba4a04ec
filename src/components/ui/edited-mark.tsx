import { formatTimestamp } from '../../lib/format-time';

/** "edited", with when, for a note or comment changed after it was written (updateTMS later). */
export function EditedMark({ createTMS, updateTMS }: { createTMS: string; updateTMS: string }) {
  if (updateTMS === createTMS) return null;
  return (
    <span className="text-xs text-ink-muted">
      edited <time dateTime={updateTMS}>{formatTimestamp(updateTMS)}</time>
    </span>
  );
}
