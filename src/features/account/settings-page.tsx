import { lazy, Suspense, type ReactNode } from 'react';
import { DefaultAudiencesSetting } from '../preferences/default-audiences-setting';
import { TimeZoneSetting } from '../preferences/time-zone-setting';
import { ReminderSetting } from '../preferences/reminder-setting';
import { NotificationsSettings } from '../push/notifications-settings';
import { ThemeChoice } from '../theme/theme-choice';
import { AccountDetails } from './account-details';
import { useAccount } from './account-queries';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccountSection } from './delete-account-section';
import { ProfileForm } from './profile-form';
import { ExportDownloads } from './export-downloads';
import { SignOutEverywhere } from './sign-out-everywhere';

/** Loaded when Settings opens, in a chunk of its own: the import is rarely used. */
const JournalImportSection = lazy(() => import('./journal-import-section'));

/** /settings: the signed-in person's profile, account, sessions, data and preferences. */
export function SettingsPage() {
  const account = useAccount();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">Settings</h1>
      <SettingsSection id="settings-profile" title="Profile">
        <ProfileForm />
      </SettingsSection>
      <SettingsSection id="settings-audiences" title="Who reads new notes">
        <DefaultAudiencesSetting />
      </SettingsSection>
      <SettingsSection id="settings-notifications" title="Notifications">
        <NotificationsSettings />
      </SettingsSection>
      <SettingsSection id="settings-reminder" title="Remind me to write">
        <ReminderSetting />
      </SettingsSection>
      <SettingsSection id="settings-time-zone" title="Time zone">
        <TimeZoneSetting />
      </SettingsSection>
      <SettingsSection id="settings-account" title="Account">
        <AccountDetails />
      </SettingsSection>
      <SettingsSection id="settings-password" title="Password">
        <ChangePasswordForm username={account.data?.username} />
      </SettingsSection>
      <SettingsSection id="settings-sessions" title="Sessions">
        <SignOutEverywhere />
      </SettingsSection>
      <SettingsSection id="settings-data" title="Your data">
        <ExportDownloads />
      </SettingsSection>
      <SettingsSection id="settings-import" title="Bring your journal">
        <Suspense fallback={<p className="text-sm text-ink-muted">Loading…</p>}>
          <JournalImportSection />
        </Suspense>
      </SettingsSection>
      <SettingsSection id="settings-appearance" title="Appearance">
        <ThemeChoice />
      </SettingsSection>
      <SettingsSection id="settings-delete" title="Delete account" danger>
        <DeleteAccountSection />
      </SettingsSection>
    </div>
  );
}

function SettingsSection({
  id,
  title,
  danger = false,
  children,
}: {
  id: string;
  title: string;
  /** The danger zone: set apart by its border and heading colour. */
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`card flex flex-col gap-4 ${danger ? 'border-danger' : ''}`}
    >
      <h2 id={id} className={`text-lg font-semibold ${danger ? 'text-danger' : ''}`}>
        {title}
      </h2>
      {children}
    </section>
  );
}
