import { preferencesNotLoaded } from '../preferences/preferences-not-loaded';
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
      {preferences.isSuccess ? (
        <PushKindsSetting preferences={preferences.data} />
      ) : (
        preferencesNotLoaded(preferences)
      )}
      <PushDevices />
      {preferences.isSuccess ? <EmailDigestSetting preferences={preferences.data} /> : null}
    </div>
  );
}
