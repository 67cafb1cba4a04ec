import { useId } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { MEDIA_ALT_MAX } from '../../api/limits';
import { formatNumber } from '../../lib/format-number';
import { sayShared } from '../../lib/i18n/language';
import type { ComposedPhoto } from './use-photo-uploads';

interface PhotoTrayItemProps {
  photo: ComposedPhoto;
  /** Its place, from 1, and how many there are: "Photo 2 of 4". */
  position: number;
  count: number;
  onAlt: (alt: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  onRetry: () => void;
}

/** One photo of the composer: its thumbnail, how its upload goes, its alt text, and its buttons. */
export function PhotoTrayItem({
  photo,
  position,
  count,
  onAlt,
  onMove,
  onRemove,
  onRetry,
}: PhotoTrayItemProps) {
  const { t } = useLingui();
  const id = useId();
  const place = formatNumber(position);
  const total = formatNumber(count);
  const name = t`Photo ${place} of ${total}`;
  const statusText: Record<ComposedPhoto['status'], string> = {
    waiting: t`Waiting for the network`,
    uploading: t`Uploading`,
    uploaded: t`Uploaded`,
    failed: t`Not uploaded`,
  };
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <li>
      <div
        role="group"
        aria-label={name}
        className="flex gap-3 rounded-md border border-line bg-page p-2"
      >
        <div className="flex w-24 shrink-0 flex-col gap-1">
          {photo.previewUrl === '' ? (
            // A restored draft's photo while its copy is read (or whose copy is gone): its place.
            <div
              role="img"
              aria-label={photo.alt.trim() !== '' ? photo.alt : name}
              className="h-24 w-24 rounded bg-line"
            />
          ) : (
            <img
              src={photo.previewUrl}
              alt={photo.alt.trim() !== '' ? photo.alt : name}
              className="h-24 w-24 rounded object-cover"
            />
          )}
          {photo.status === 'uploading' ? (
            <div
              role="progressbar"
              aria-label={t`Uploading photo ${place}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(photo.progress * 100)}
              className="h-1.5 w-full overflow-hidden rounded bg-line"
            >
              <div
                className="h-full bg-accent transition-[width]"
                style={{ width: `${Math.round(photo.progress * 100)}%` }}
              />
            </div>
          ) : null}
          <p className="text-xs text-ink-muted">{statusText[photo.status]}</p>
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={id} className="text-sm font-medium">
            <Trans>Alt text</Trans>
          </label>
          <textarea
            id={id}
            rows={2}
            maxLength={MEDIA_ALT_MAX}
            // A description in a right-to-left script reads from the right as it is typed.
            dir="auto"
            value={photo.alt}
            onChange={(event) => onAlt(event.target.value)}
            aria-describedby={photo.error ? `${hintId} ${errorId}` : hintId}
            className="field-input resize-y text-sm"
          />
          <p id={hintId} className="text-xs text-ink-muted">
            <Trans>
              People who use screen readers hear this instead of seeing the photo: say what it
              shows.
            </Trans>
          </p>
          {photo.error ? (
            <p id={errorId} role="alert" className="text-sm text-danger">
              {/* The server's title (or one it sent in English before it spoke other languages). */}
              {sayShared(photo.error)}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-secondary px-2 py-1"
              aria-label={t`Move photo ${place} earlier`}
              disabled={position === 1}
              onClick={() => onMove(-1)}
            >
              {/* Earlier is towards the start of the line: mirrored in Arabic. */}
              <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
                ←
              </span>
            </button>
            <button
              type="button"
              className="btn btn-secondary px-2 py-1"
              aria-label={t`Move photo ${place} later`}
              disabled={position === count}
              onClick={() => onMove(1)}
            >
              <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
                →
              </span>
            </button>
            {photo.status === 'failed' ? (
              <button
                type="button"
                className="btn btn-secondary px-2 py-1"
                aria-label={t`Retry photo ${place}`}
                onClick={onRetry}
              >
                <Trans>Retry</Trans>
              </button>
            ) : null}
            <button
              type="button"
              className="btn btn-danger px-2 py-1"
              aria-label={t`Remove photo ${place}`}
              onClick={onRemove}
            >
              <Trans>Remove</Trans>
            </button>
          </div>
        </div>
      </div>
    </li>
  );
}
