import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { errorMessage } from '../../lib/error-message';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { useCurrentUser } from '../auth/use-current-user';
import { pushBlocked, pushUnsupported } from './push-setup';
import {
  usePushDevices,
  useThisDeviceId,
  useTurnOffThisDevice,
  useTurnOnThisDevice,
} from './push-queries';
import { browserCanPush } from './this-device';

function permissionDenied(): boolean {
  return 'Notification' in window && Notification.permission === 'denied';
}

/**
 * "Notify this device": on when this browser holds a subscription whose id the server still
 * lists. Turning it on asks for permission then, and only then.
 */
export function NotifyThisDevice() {
  const { t } = useLingui();
  const userId = useCurrentUser()?.id ?? null;
  const supported = browserCanPush();
  const devices = usePushDevices();
  const thisDevice = useThisDeviceId(userId);
  const turnOn = useTurnOnThisDevice();
  const turnOff = useTurnOffThisDevice();

  const busy = turnOn.isPending || turnOff.isPending;
  const known = userId !== null && devices.isSuccess && thisDevice.isSuccess;
  const on =
    known &&
    thisDevice.data !== null &&
    devices.data.some((device) => device.id === thisDevice.data);
  const failure = turnOn.error ?? turnOff.error;
  // What the click asked for, from the click until the lists are asked again: a mutation is
  // pending only from its next tick, and the box must not spring back in between.
  const [intent, setIntent] = useState<boolean | null>(null);

  return (
    <div className="flex flex-col items-start gap-2">
      <CheckboxField
        label={t`Notify this device`}
        checked={intent ?? (busy ? turnOn.isPending : on)}
        // Not disabled while busy: focus stays on the box (clicks then do nothing).
        disabled={!supported || !known}
        aria-busy={busy || undefined}
        onChange={(event) => {
          if (userId === null || busy) return;
          turnOn.reset();
          turnOff.reset();
          const wanted = event.target.checked;
          setIntent(wanted);
          const settled = { onSettled: () => setIntent(null) };
          if (wanted) turnOn.mutate(userId, settled);
          else turnOff.mutate(userId, settled);
        }}
      />
      <p className="text-sm text-ink-muted">
        <Trans>
          Shows the notifications chosen below on this device, even while Ruminations is closed.
        </Trans>
      </p>
      {!supported ? (
        <p role="status" className="text-sm">
          {pushUnsupported()}
        </p>
      ) : failure ? (
        <p role="alert" className="error-box">
          {errorMessage(failure, t`Failed to change this device`)}
        </p>
      ) : (
        <p role="status" className="text-sm">
          {turnOn.isPending
            ? t`Turning on notifications for this device...`
            : turnOff.isPending
              ? t`Turning off notifications for this device...`
              : !on && permissionDenied()
                ? pushBlocked()
                : ''}
        </p>
      )}
    </div>
  );
}
