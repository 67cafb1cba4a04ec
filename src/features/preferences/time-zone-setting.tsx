import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { errorMessage } from '../../lib/error-message';
import { preferencesNotLoaded } from './preferences-not-loaded';
import { ruminationKeys } from '../../lib/query-keys';
import { usePreferences, useUpdatePreferences } from './preferences-queries';

/**
 * Settings → "Time zone" (the settings page gives the heading): where the person's days begin
 * and end (on this day, the calendar, reminders). The zones are the browser's own list (Intl), so
 * the app ships none; a zone the list lacks (the default "UTC", in some browsers) is added.
 */

function zonesWith(current: string): string[] {
  const zones = new Set(
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [],
  );
  zones.add('UTC');
  zones.add(current);
  return [...zones].sort((a, b) => a.localeCompare(b));
}

export function TimeZoneSetting() {
  const { t } = useLingui();
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  const queryClient = useQueryClient();
  const current = preferences.data?.timeZone ?? 'UTC';
  const zones = useMemo(() => zonesWith(current), [current]);

  const notLoaded = preferencesNotLoaded(preferences);
  if (notLoaded !== null || !preferences.isSuccess) return notLoaded;
  return (
    <div className="flex flex-col items-start gap-2">
      <label htmlFor="time-zone" className="text-sm font-medium">
        <Trans>Time zone</Trans>
      </label>
      <select
        id="time-zone"
        className="field-input max-w-full"
        value={current}
        aria-describedby="time-zone-help"
        disabled={update.isPending}
        onChange={(event) =>
          update.mutate(
            { timeZone: event.target.value },
            // Every day shown so far was a day in the zone before.
            {
              onSuccess: () => void queryClient.invalidateQueries({ queryKey: ruminationKeys.all }),
            },
          )
        }
      >
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll('_', ' ')}
          </option>
        ))}
      </select>
      <p id="time-zone-help" className="text-sm text-ink-muted">
        <Trans>
          Your days begin and end at midnight here: on this day, the calendar and reminders.
        </Trans>
      </p>
      {update.isSuccess ? (
        <p role="status" className="text-sm">
          <Trans>Time zone saved.</Trans>
        </p>
      ) : null}
      {update.isError ? (
        <p role="alert" className="error-box">
          {errorMessage(update.error, t`Failed to save your preferences`)}
        </p>
      ) : null}
    </div>
  );
}
