import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { Preferences } from '../../api/preferences-schemas';
import type { EmailDigest } from '../../domain/preferences';
import { useUpdatePreferences } from '../preferences/preferences-queries';
import { ChoiceSaveStatus } from '../preferences/choice-save-status';

/** Each choice; its label said in the language spoken when the choices are drawn. */
const CHOICES: { value: EmailDigest; label: MessageDescriptor }[] = [
  { value: 'off', label: msg`Off` },
  { value: 'daily', label: msg`Daily` },
  { value: 'weekly', label: msg`Weekly` },
];

/** "Email digest", for people who install nothing: saved as soon as it is chosen. */
export function EmailDigestSetting({ preferences }: { preferences: Preferences }) {
  const { i18n } = useLingui();
  const update = useUpdatePreferences();
  const hintId = useId();
  // The choice being saved; the radios stay enabled meanwhile, so focus stays where it was.
  const [choice, setChoice] = useState<EmailDigest | null>(null);
  const current = choice ?? preferences.emailDigest;
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={hintId}>
      <legend className="mb-2 font-medium">
        <Trans>Email digest</Trans>
      </legend>
      <p id={hintId} className="text-sm text-ink-muted">
        <Trans>
          A short email listing what you have not read yet: names and links, never what anyone
          wrote.
        </Trans>
      </p>
      <div className="flex flex-wrap gap-2">
        {CHOICES.map((choice) => (
          <label
            key={choice.value}
            className="flex cursor-pointer items-center gap-2 rounded-md border border-line px-3 py-2 has-[:checked]:border-accent"
          >
            <input
              type="radio"
              name="email-digest"
              value={choice.value}
              checked={current === choice.value}
              onChange={() => {
                setChoice(choice.value);
                update.mutate(
                  { emailDigest: choice.value },
                  // Only the last choice's call settles here: then the stored value is shown.
                  { onSettled: () => setChoice(null) },
                );
              }}
              className="accent-accent"
            />
            {i18n._(choice.label)}
          </label>
        ))}
      </div>
      <ChoiceSaveStatus update={update} settled={choice === null} />
    </fieldset>
  );
}
