import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { Reminder } from '../../domain/preferences';
import { preferencesNotLoaded } from './preferences-not-loaded';
import { usePreferences, useUpdatePreferences } from './preferences-queries';
import { SavePreference } from './save-preference';

/**
 * Settings → "Remind me to write" (contract: "Memories", reminders): on or off, a time and the
 * weekdays, saved through PUT /api/account/preferences { reminder }. Off is `time: null` (the days
 * are kept for when it is turned on again). The days are listed Monday first, as a week reads in
 * most calendars; on the wire they stay Date#getDay()'s numbers (0 Sunday).
 */

const DAYS_MONDAY_FIRST = [
  { day: 1, name: msg`Monday` },
  { day: 2, name: msg`Tuesday` },
  { day: 3, name: msg`Wednesday` },
  { day: 4, name: msg`Thursday` },
  { day: 5, name: msg`Friday` },
  { day: 6, name: msg`Saturday` },
  { day: 0, name: msg`Sunday` },
] as const;

/** The time offered when a reminder is first turned on. */
const FIRST_TIME = '20:00';

interface Draft {
  on: boolean;
  time: string;
  days: number[];
}

function draftOf(reminder: Reminder): Draft {
  return { on: reminder.time !== null, time: reminder.time ?? FIRST_TIME, days: reminder.days };
}

function problemOf(draft: Draft): MessageDescriptor | null {
  if (!draft.on) return null;
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(draft.time)) return msg`Choose a time.`;
  if (draft.days.length === 0) return msg`Choose at least one day.`;
  return null;
}

export function ReminderSetting() {
  const { t, i18n } = useLingui();
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  // What the person changed since the last save; undefined: as stored.
  const [edited, setEdited] = useState<Draft | undefined>(undefined);
  const id = useId();

  const notLoaded = preferencesNotLoaded(preferences);
  if (notLoaded !== null || !preferences.isSuccess) return notLoaded;
  const draft = edited ?? draftOf(preferences.data.reminder);
  const change = (next: Partial<Draft>) => {
    update.reset();
    setEdited({ ...draft, ...next });
  };
  const problem = problemOf(draft);
  const zone = preferences.data.timeZone;

  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-sm text-ink-muted">
        <Trans>
          A nudge at your chosen time, in your time zone ({zone}), on the days you pick; none on a
          day you have already written. It comes as a notification on devices where notifications
          are on, or by email otherwise.
        </Trans>
      </p>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={draft.on}
          onChange={(event) => change({ on: event.target.checked })}
        />
        <Trans>Remind me to write</Trans>
      </label>
      {draft.on ? (
        <>
          <label htmlFor={`${id}-time`} className="flex items-center gap-2">
            <Trans>Time</Trans>
            <input
              id={`${id}-time`}
              type="time"
              className="input w-auto"
              value={draft.time}
              required
              onChange={(event) => change({ time: event.target.value })}
            />
          </label>
          <fieldset className="flex flex-wrap gap-3">
            <legend className="mb-1">
              <Trans>Days</Trans>
            </legend>
            {DAYS_MONDAY_FIRST.map(({ day, name }) => (
              <label key={day} className="flex items-center gap-1">
                <input
                  type="checkbox"
                  checked={draft.days.includes(day)}
                  onChange={(event) =>
                    change({
                      days: event.target.checked
                        ? [...draft.days, day].sort((a, b) => a - b)
                        : draft.days.filter((d) => d !== day),
                    })
                  }
                />
                {i18n._(name)}
              </label>
            ))}
          </fieldset>
        </>
      ) : null}
      {problem !== null && edited !== undefined ? (
        <p role="alert" className="error-box">
          {i18n._(problem)}
        </p>
      ) : null}
      <SavePreference
        update={update}
        edited={edited !== undefined}
        blocked={problem !== null}
        label={t`Save reminder`}
        onSave={() =>
          update.mutate(
            { reminder: { time: draft.on ? draft.time : null, days: draft.days } },
            { onSuccess: () => setEdited(undefined) },
          )
        }
      />
    </div>
  );
}
