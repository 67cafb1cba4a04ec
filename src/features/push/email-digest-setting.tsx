import { useId, useState } from 'react';
import type { Preferences } from '../../api/preferences-schemas';
import type { EmailDigest } from '../../domain/preferences';
import { errorMessage } from '../../lib/error-message';
import { useUpdatePreferences } from '../preferences/preferences-queries';

const CHOICES: { value: EmailDigest; label: string }[] = [
  { value: 'off', label: 'Off' },
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
];

/** "Email digest", for people who install nothing: saved as soon as it is chosen. */
export function EmailDigestSetting({ preferences }: { preferences: Preferences }) {
  const update = useUpdatePreferences();
  const hintId = useId();
  // The choice being saved; the radios stay enabled meanwhile, so focus stays where it was.
  const [choice, setChoice] = useState<EmailDigest | null>(null);
  const current = choice ?? preferences.emailDigest;
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={hintId}>
      <legend className="mb-2 font-medium">Email digest</legend>
      <p id={hintId} className="text-sm text-ink-muted">
        A short email listing what you have not read yet: names and links, never what anyone wrote.
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
            {choice.label}
          </label>
        ))}
      </div>
      {update.isError ? (
        <p role="alert" className="error-box">
          {errorMessage(update.error, 'Failed to save your preferences')}
        </p>
      ) : null}
      <p role="status" className="text-sm text-ink-muted">
        {update.isSuccess && choice === null ? 'Saved' : ''}
      </p>
    </fieldset>
  );
}
