import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { AudienceName } from '../../domain/relation-types';
import { preferencesNotLoaded } from './preferences-not-loaded';
import { AudienceIcon } from '../composer/audience-icon';
import { AudiencePicker, publishedWords } from '../composer/audience-picker';
import { usePreferences, useUpdatePreferences } from './preferences-queries';
import { SavePreference } from './save-preference';

/**
 * Settings → "Who reads new notes" (the settings page gives the heading): the audiences every new
 * note starts with, on every device, with the composer's own picker; or "Ask each time" (null, the
 * default), when each note starts with nobody chosen. Saved on the server.
 */
export function DefaultAudiencesSetting() {
  const { t } = useLingui();
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  // What the person picked since the last save (null: ask each time); undefined: as stored.
  const [choice, setChoice] = useState<AudienceName[] | null | undefined>(undefined);
  const [open, setOpen] = useState(false);

  const notLoaded = preferencesNotLoaded(preferences);
  if (notLoaded !== null || !preferences.isSuccess) return notLoaded;
  const current = choice === undefined ? preferences.data.defaultAudiences : choice;
  const words = current === null ? null : publishedWords(current);

  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-sm text-ink-muted">
        <Trans>
          Every new note starts with this choice, on every device. You can change it for each note
          before you publish it.
        </Trans>
      </p>
      <AudiencePicker
        label={t`New notes`}
        value={current}
        onChange={(next) => {
          update.reset();
          setChoice(next);
        }}
        open={open}
        onOpenChange={setOpen}
        askEachTime
      />
      <p className="flex flex-wrap items-center gap-1 text-sm">
        {words ? <AudienceIcon kind={words.kind} /> : null}
        {words ? words.long : t`Ask each time: you choose who reads each note before publishing it`}
      </p>
      <SavePreference
        update={update}
        edited={choice !== undefined}
        onSave={() =>
          update.mutate(
            { defaultAudiences: current },
            {
              onSuccess: () => {
                setChoice(undefined);
                setOpen(false);
              },
            },
          )
        }
      />
    </div>
  );
}
