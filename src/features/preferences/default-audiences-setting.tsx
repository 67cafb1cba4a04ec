import { useState } from 'react';
import type { AudienceName } from '../../domain/relation-types';
import { errorMessage } from '../../lib/error-message';
import { AudienceIcon } from '../composer/audience-icon';
import { AudiencePicker, publishedWords } from '../composer/audience-picker';
import { usePreferences, useUpdatePreferences } from './preferences-queries';

/**
 * Settings → "Who reads new notes" (the settings page gives the heading): the audiences every new
 * note starts with, on every device, with the composer's own picker. Saved on the server.
 */
export function DefaultAudiencesSetting() {
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  // What the person picked since the last save; null: as stored.
  const [choice, setChoice] = useState<AudienceName[] | null>(null);
  const [open, setOpen] = useState(false);

  if (preferences.isPending) {
    return <p className="text-sm text-ink-muted">Loading...</p>;
  }
  if (preferences.isError) {
    return (
      <p role="alert" className="error-box">
        {errorMessage(preferences.error, 'Failed to fetch your preferences')}
      </p>
    );
  }
  const current = choice ?? preferences.data.defaultAudiences;
  const words = publishedWords(current);

  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-sm text-ink-muted">
        Every new note starts with this choice, on every device. You can change it for each note
        before you publish it.
      </p>
      <AudiencePicker
        label="New notes"
        value={current}
        onChange={(next) => {
          update.reset();
          setChoice(next);
        }}
        open={open}
        onOpenChange={setOpen}
      />
      <p className="flex flex-wrap items-center gap-1 text-sm">
        <AudienceIcon kind={words.kind} />
        {words.long}
      </p>
      {update.isError ? (
        <p role="alert" className="error-box">
          {errorMessage(update.error, 'Failed to save your preferences')}
        </p>
      ) : null}
      <div className="flex items-center gap-3">
        <button
          type="button"
          className="btn btn-primary"
          disabled={choice === null || update.isPending}
          onClick={() =>
            update.mutate(
              { defaultAudiences: current },
              {
                onSuccess: () => {
                  setChoice(null);
                  setOpen(false);
                },
              },
            )
          }
        >
          {update.isPending ? 'Saving...' : 'Save'}
        </button>
        <p role="status" className="text-sm text-ink-muted">
          {update.isSuccess && choice === null ? 'Saved' : ''}
        </p>
      </div>
    </div>
  );
}
