import { errorMessage } from '../../lib/error-message';
import { usePreferences } from '../preferences/preferences-queries';
import { EmailDigestSetting } from './email-digest-setting';
import { NotifyThisDevice } from './notify-this-device';
import { PushDevices } from './push-devices';
import { PushKindsSetting } from './push-kinds-setting';

/**
 * Settings → "Notifications" (the settings page gives the heading): how someone hears of answers
 * while the app is closed, by push on their devices or by a digest email.
 */
export function NotificationsSettings() {
  const preferences = usePreferences({ fresh: true });
  return (
    <div className="flex flex-col gap-6">
      <NotifyThisDevice />
      {preferences.isPending ? (
        <p className="text-sm text-ink-muted">Loading...</p>
      ) : preferences.isError ? (
        <p role="alert" className="error-box">
          {errorMessage(preferences.error, 'Failed to fetch your preferences')}
        </p>
      ) : (
        <PushKindsSetting preferences={preferences.data} />
      )}
      <PushDevices />
      {preferences.isSuccess ? <EmailDigestSetting preferences={preferences.data} /> : null}
    </div>
  );
}
