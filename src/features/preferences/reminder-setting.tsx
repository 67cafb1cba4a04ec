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
  { day: 1, name: 'Monday' },
  { day: 2, name: 'Tuesday' },
  { day: 3, name: 'Wednesday' },
  { day: 4, name: 'Thursday' },
  { day: 5, name: 'Friday' },
  { day: 6, name: 'Saturday' },
  { day: 0, name: 'Sunday' },
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

function problemOf(draft: Draft): string | null {
  if (!draft.on) return null;
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(draft.time)) return 'Choose a time.';
  if (draft.days.length === 0) return 'Choose at least one day.';
  return null;
}

export function ReminderSetting() {
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

  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-sm text-ink-muted">
        A nudge at your chosen time, in your time zone ({preferences.data.timeZone}), on the days
        you pick; none on a day you have already written. It comes as a notification on devices
        where notifications are on, or by email otherwise.
      </p>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={draft.on}
          onChange={(event) => change({ on: event.target.checked })}
        />
        Remind me to write
      </label>
      {draft.on ? (
        <>
          <label htmlFor={`${id}-time`} className="flex items-center gap-2">
            Time
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
            <legend className="mb-1">Days</legend>
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
                {name}
              </label>
            ))}
          </fieldset>
        </>
      ) : null}
      {problem !== null && edited !== undefined ? (
        <p role="alert" className="error-box">
          {problem}
        </p>
      ) : null}
      <SavePreference
        update={update}
        edited={edited !== undefined}
        blocked={problem !== null}
        label="Save reminder"
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
