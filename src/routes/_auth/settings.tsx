import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../../features/account/settings-page';

/** Settings: signed in, and open while new terms wait for acceptance (nothing here writes content). */
export const Route = createFileRoute('/_auth/settings')({
  staticData: { title: msg`Settings` },
  component: SettingsPage,
});
