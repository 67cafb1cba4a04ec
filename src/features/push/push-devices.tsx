import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef } from 'react';
import type { Language } from '../../api/languages';
import { errorMessage } from '../../lib/error-message';
import { spokenLanguage } from '../../lib/i18n/language';
import { useCurrentUser } from '../auth/use-current-user';
import { usePushDevices, useRemoveDevice, useThisDeviceId } from './push-queries';

/** Made once per language, when first needed in it. */
const addedFormats = new Map<Language, Intl.DateTimeFormat>();

function addedFormat(language: Language): Intl.DateTimeFormat {
  let format = addedFormats.get(language);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    addedFormats.set(language, format);
  }
  return format;
}

/** The date of "Added Nov 26, 2026", in the language spoken; the raw value if it does not parse. */
function addedDate(createTMS: string): string {
  const date = new Date(createTMS);
  return Number.isNaN(date.getTime()) ? createTMS : addedFormat(spokenLanguage()).format(date);
}

/** Every device that receives the account's notifications, this browser named as such. */
export function PushDevices() {
  const { t } = useLingui();
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
        <Trans>Devices</Trans>
      </h3>
      {devices.isPending ? (
        <p className="text-sm text-ink-muted">
          <Trans>Loading...</Trans>
        </p>
      ) : devices.isError ? (
        <p role="alert" className="error-box">
          {errorMessage(devices.error, t`Failed to fetch your devices`)}
        </p>
      ) : devices.data.length === 0 ? (
        <p className="text-sm text-ink-muted">
          <Trans>No device receives notifications yet.</Trans>
        </p>
      ) : (
        <ul aria-labelledby={headingId} className="flex flex-col gap-2">
          {devices.data.map((device) => {
            const name = device.id === thisDevice.data ? t`This device` : t`Another device`;
            const labelId = `${headingId}-${device.id}`;
            const date = addedDate(device.createTMS);
            return (
              <li
                key={device.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-line px-3 py-2"
              >
                <span id={labelId} className="flex flex-col">
                  <span>{name}</span>
                  <span className="text-sm text-ink-muted">{t`Added ${date}`}</span>
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
                  <Trans>Remove</Trans>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {remove.isError ? (
        <p role="alert" className="error-box">
          {errorMessage(remove.error, t`Failed to remove the device`)}
        </p>
      ) : null}
    </div>
  );
}
