import { Trans, useLingui } from '@lingui/react/macro';
import { useTheme } from './use-theme';
import type { ThemePreference } from './theme-preference';

/**
 * The theme preference with all three of its values (spec: system, light, dark). The navigation's
 * quick switch only flips between light and dark; this is where "system" can be chosen again.
 */
export function ThemeChoice() {
  const { t } = useLingui();
  const { preference, setPreference } = useTheme();
  const choices: { value: ThemePreference; label: string; hint: string }[] = [
    { value: 'system', label: t`System`, hint: t`Follows this device's light or dark setting` },
    { value: 'light', label: t`Light`, hint: t`Always light` },
    { value: 'dark', label: t`Dark`, hint: t`Always dark` },
  ];
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-medium">
        <Trans>Theme</Trans>
      </legend>
      {choices.map((choice) => (
        <label
          key={choice.value}
          className="flex cursor-pointer items-start gap-3 rounded-md border border-line px-3 py-2 has-[:checked]:border-accent"
        >
          <input
            type="radio"
            name="theme"
            value={choice.value}
            checked={preference === choice.value}
            onChange={() => setPreference(choice.value)}
            className="mt-1 accent-accent"
          />
          <span className="flex flex-col">
            <span>{choice.label}</span>
            <span className="text-sm text-ink-muted">{choice.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
