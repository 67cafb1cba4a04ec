import { ThemeChoice } from '../theme/theme-choice';

/** /settings: the signed-in person's preferences. */
export function SettingsPage() {
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">Settings</h1>
      <section aria-labelledby="settings-appearance" className="card flex flex-col gap-4">
        <h2 id="settings-appearance" className="text-lg font-semibold">
          Appearance
        </h2>
        <ThemeChoice />
      </section>
    </div>
  );
}
