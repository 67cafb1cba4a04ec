import { useId, useRef } from 'react';
import { errorMessage } from '../../lib/error-message';
import { useCurrentUser } from '../auth/use-current-user';
import { usePushDevices, useRemoveDevice, useThisDeviceId } from './push-queries';

const addedFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** "Added Nov 26, 2026"; the raw value if it does not parse. */
function added(createTMS: string): string {
  const date = new Date(createTMS);
  return `Added ${Number.isNaN(date.getTime()) ? createTMS : addedFormat.format(date)}`;
}

/** Every device that receives the account's notifications, this browser named as such. */
export function PushDevices() {
  const userId = useCurrentUser()?.id ?? null;
  const devices = usePushDevices();
  const thisDevice = useThisDeviceId(userId);
  const remove = useRemoveDevice();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <div className="flex flex-col gap-2">
      {/* Focus comes here after a Remove, whose button leaves with its device. */}
      <h3 id={headingId} ref={heading} tabIndex={-1} className="font-medium">
        Devices
      </h3>
      {devices.isPending ? (
        <p className="text-sm text-ink-muted">Loading...</p>
      ) : devices.isError ? (
        <p role="alert" className="error-box">
          {errorMessage(devices.error, 'Failed to fetch your devices')}
        </p>
      ) : devices.data.length === 0 ? (
        <p className="text-sm text-ink-muted">No device receives notifications yet.</p>
      ) : (
        <ul aria-labelledby={headingId} className="flex flex-col gap-2">
          {devices.data.map((device) => {
            const name = device.id === thisDevice.data ? 'This device' : 'Another device';
            const labelId = `${headingId}-${device.id}`;
            return (
              <li
                key={device.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-line px-3 py-2"
              >
                <span id={labelId} className="flex flex-col">
                  <span>{name}</span>
                  <span className="text-sm text-ink-muted">{added(device.createTMS)}</span>
                </span>
                <button
                  type="button"
                  className="btn btn-secondary"
                  aria-describedby={labelId}
                  onClick={() => {
                    if (userId === null || remove.isPending) return;
                    remove.mutate(
                      { userId, id: device.id },
                      { onSuccess: () => heading.current?.focus() },
                    );
                  }}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {remove.isError ? (
        <p role="alert" className="error-box">
          {errorMessage(remove.error, 'Failed to remove the device')}
        </p>
      ) : null}
    </div>
  );
}
