import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type ReactNode } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, textDirection, type Language } from '../../api/languages';
import { browserLanguage } from '../../lib/i18n/language';
import { chooseLanguage } from '../../lib/i18n/choose-language';
import { preferencesNotLoaded } from './preferences-not-loaded';
import { usePreferences, useUpdatePreferences } from './preferences-queries';
import { ChoiceSaveStatus } from './choice-save-status';

/**
 * Settings → "Language" (api-contract.md "Languages"; the settings page gives the heading): the
 * browser's (null, the default) or one the app speaks, each named in itself, so that anyone finds
 * their own whatever the app speaks now. Saved as soon as it is chosen, in the preferences, so it
 * follows the person to every device (language-from-preferences.tsx); then spoken here at once.
 */

type Choice = Language | null;

export function LanguageSetting() {
  const { t } = useLingui();
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  const hintId = useId();
  // The choice being saved; undefined: as stored.
  const [choice, setChoice] = useState<Choice | undefined>(undefined);

  const notLoaded = preferencesNotLoaded(preferences);
  if (notLoaded !== null || !preferences.isSuccess) return notLoaded;
  const current = choice === undefined ? preferences.data.language : choice;
  const browser = browserLanguage();
  const choose = (next: Choice) => {
    setChoice(next);
    update.mutate(
      { language: next },
      {
        // The app speaks the stored choice (a later choice's save settles last).
        onSuccess: (saved) => chooseLanguage(saved.language).catch(() => undefined),
        onSettled: () => setChoice(undefined),
      },
    );
  };
  const option = (value: Choice, label: ReactNode) => (
    <label
      key={value ?? 'browser'}
      className="flex cursor-pointer items-start gap-3 rounded-md border border-line px-3 py-2 has-[:checked]:border-accent"
    >
      <input
        type="radio"
        name="language"
        value={value ?? ''}
        checked={current === value}
        onChange={() => choose(value)}
        className="mt-1 accent-accent"
      />
      {label}
    </label>
  );

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={hintId}>
      <legend className="sr-only">
        <Trans>Language</Trans>
      </legend>
      <p id={hintId} className="text-sm text-ink-muted">
        <Trans>
          The app speaks it on every device where you sign in, and your emails and notifications
          come in it.
        </Trans>
      </p>
      {option(
        null,
        <span className="flex flex-col">
          <span>{t`Browser's language`}</span>
          {/* Which one that is now, named in itself like the others. */}
          <span lang={browser} dir={textDirection(browser)} className="text-sm text-ink-muted">
            {LANGUAGE_NAMES[browser]}
          </span>
        </span>,
      )}
      {LANGUAGES.map((language) =>
        option(
          language,
          <span lang={language} dir={textDirection(language)}>
            {LANGUAGE_NAMES[language]}
          </span>,
        ),
      )}
      <ChoiceSaveStatus update={update} settled={choice === undefined} />
    </fieldset>
  );
}
