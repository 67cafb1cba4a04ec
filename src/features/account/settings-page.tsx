import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, type ReactNode } from 'react';
import { DefaultAudiencesSetting } from '../preferences/default-audiences-setting';
import { TimeZoneSetting } from '../preferences/time-zone-setting';
import { LanguageSetting } from '../preferences/language-setting';
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
  const { t } = useLingui();
  const account = useAccount();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">
        <Trans>Settings</Trans>
      </h1>
      <SettingsSection id="settings-profile" title={t`Profile`}>
        <ProfileForm />
      </SettingsSection>
      <SettingsSection id="settings-audiences" title={t`Who reads new notes`}>
        <DefaultAudiencesSetting />
      </SettingsSection>
      <SettingsSection id="settings-notifications" title={t`Notifications`}>
        <NotificationsSettings />
      </SettingsSection>
      <SettingsSection id="settings-reminder" title={t`Remind me to write`}>
        <ReminderSetting />
      </SettingsSection>
      <SettingsSection id="settings-time-zone" title={t`Time zone`}>
        <TimeZoneSetting />
      </SettingsSection>
      <SettingsSection id="settings-language" title={t`Language`}>
        <LanguageSetting />
      </SettingsSection>
      <SettingsSection id="settings-account" title={t`Account`}>
        <AccountDetails />
      </SettingsSection>
      <SettingsSection id="settings-password" title={t`Password`}>
        <ChangePasswordForm username={account.data?.username} />
      </SettingsSection>
      <SettingsSection id="settings-sessions" title={t`Sessions`}>
        <SignOutEverywhere />
      </SettingsSection>
      <SettingsSection id="settings-data" title={t`Your data`}>
        <ExportDownloads />
      </SettingsSection>
      <SettingsSection id="settings-import" title={t`Bring your journal`}>
        <Suspense
          fallback={
            <p className="text-sm text-ink-muted">
              <Trans>Loading…</Trans>
            </p>
          }
        >
          <JournalImportSection />
        </Suspense>
      </SettingsSection>
      <SettingsSection id="settings-appearance" title={t`Appearance`}>
        <ThemeChoice />
      </SettingsSection>
      <SettingsSection id="settings-delete" title={t`Delete account`} danger>
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
