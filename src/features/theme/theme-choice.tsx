import { useTheme } from './use-theme';
import type { ThemePreference } from './theme-preference';

const CHOICES: { value: ThemePreference; label: string; hint: string }[] = [
  { value: 'system', label: 'System', hint: "Follows this device's light or dark setting" },
  { value: 'light', label: 'Light', hint: 'Always light' },
  { value: 'dark', label: 'Dark', hint: 'Always dark' },
];

/**
 * The theme preference with all three of its values (spec: system, light, dark). The navigation's
 * quick switch only flips between light and dark; this is where "system" can be chosen again.
 */
export function ThemeChoice() {
  const { preference, setPreference } = useTheme();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-medium">Theme</legend>
      {CHOICES.map((choice) => (
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
