import { useId, useRef } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { MEDIA_PER_NOTE_MAX } from '../../api/limits';
import { formatNumber } from '../../lib/format-number';
import { PhotoTrayItem } from './photo-tray-item';
import type { PhotoUploads } from './use-photo-uploads';

/** What the server takes (api-contract.md "Photos"); the picker offers these. */
const ACCEPTED = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

interface PhotoTrayProps {
  uploads: PhotoUploads;
  /** A drag of files is over the composer: the tray says where they will go. */
  dragging?: boolean;
  /** While the note is being sent, nothing changes. */
  disabled?: boolean;
}

/**
 * The composer's photos: "Add photos" (drop and paste are the composer's, photo-drop.ts), up to
 * six, each with its upload, alt text, order and removal. Part of the composer's lazy chunk: the
 * first visit does not load it.
 */
export function PhotoTray({ uploads, dragging = false, disabled = false }: PhotoTrayProps) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const { photos } = uploads;
  const full = photos.length >= MEDIA_PER_NOTE_MAX;
  const added = formatNumber(photos.length);
  const max = formatNumber(MEDIA_PER_NOTE_MAX);
  return (
    <section
      aria-labelledby={headingId}
      className={`flex flex-col gap-2 rounded-md border border-dashed p-2 ${
        dragging ? 'border-accent bg-page' : 'border-line'
      }`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="text-sm font-medium">
          <Trans>Photos</Trans>
        </h3>
        <span className="text-xs text-ink-muted">
          {dragging
            ? t`${added} of ${max}: drop them here`
            : t`${added} of ${max} (drop or paste them here too)`}
        </span>
        <button
          type="button"
          className="btn btn-secondary ms-auto px-2 py-1"
          disabled={disabled || full}
          onClick={() => input.current?.click()}
        >
          <Trans>Add photos</Trans>
        </button>
        <input
          ref={input}
          type="file"
          accept={ACCEPTED}
          multiple
          hidden
          data-testid="photo-input"
          onChange={(event) => {
            uploads.add(event.target.files ?? []);
            // The same file can be picked again after it was removed.
            event.target.value = '';
          }}
        />
      </div>
      {uploads.notice ? (
        <p role="alert" className="text-sm text-danger">
          {uploads.notice}
        </p>
      ) : null}
      {photos.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {photos.map((photo, index) => (
            <PhotoTrayItem
              key={photo.key}
              photo={photo}
              position={index + 1}
              count={photos.length}
              onAlt={(alt) => uploads.setAlt(photo.key, alt)}
              onMove={(by) => uploads.move(photo.key, by)}
              onRemove={() => uploads.remove(photo.key)}
              onRetry={() => uploads.retry(photo.key)}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
