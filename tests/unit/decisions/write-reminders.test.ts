import { describe, expect, it } from 'vitest';
import type { Reminder } from '../../../src/domain/preferences';
import {
  decideReminder,
  nextReminderAt,
  onThisDayDatesIn,
  reminderBody,
  type ReminderFacts,
} from '../../../src/domain/write-reminders';

/** "Remind me to write" (contract: "Memories", reminders): when it rings, and what it says. */

const at = (iso: string) => Date.parse(iso);
const MINUTE = 60_000;
const EVERY_DAY: number[] = [0, 1, 2, 3, 4, 5, 6];
const MADRID = 'Europe/Madrid';
const NEW_YORK = 'America/New_York';

function decide(facts: Partial<ReminderFacts> & { now: number; reminder: Reminder }) {
  return decideReminder({ zone: MADRID, wroteToday: false, lastClaimedDate: null, ...facts });
}

/** Every minute of [from, to) at which a scheduler that remembers its claims sends one. */
function sendsBetween(zone: string, reminder: Reminder, from: number, to: number): number[] {
  let lastClaimedDate: string | null = null;
  const sent: number[] = [];
  for (let now = from; now < to; now += MINUTE) {
    const d = decideReminder({ now, zone, reminder, wroteToday: false, lastClaimedDate });
    if (d.action === 'send') {
      sent.push(now);
      lastClaimedDate = d.date;
    }
  }
  return sent;
}

describe('when a reminder is due', () => {
  const nine = { time: '21:30', days: EVERY_DAY };

  it('rings at its local time, not a minute before, for that local date', () => {
    // 21:30 in Madrid in January is 20:30 UTC (CET).
    expect(decide({ now: at('2026-01-14T20:29:59Z'), reminder: nine })).toEqual({
      action: 'wait',
    });
    expect(decide({ now: at('2026-01-14T20:30:00Z'), reminder: nine })).toEqual({
      action: 'send',
      date: '2026-01-14',
    });
    // In July (CEST) the same wall time is 19:30 UTC.
    expect(decide({ now: at('2026-07-14T19:30:00Z'), reminder: nine })).toEqual({
      action: 'send',
      date: '2026-07-14',
    });
  });

  it('is claimed once a day: the same day again waits, the next day rings', () => {
    const now = at('2026-01-14T21:00:00Z');
    expect(decide({ now, reminder: nine, lastClaimedDate: '2026-01-14' })).toEqual({
      action: 'wait',
    });
    expect(decide({ now, reminder: nine, lastClaimedDate: '2026-01-13' }).action).toBe('send');
  });

  it('is skipped (the day claimed, nothing sent) when they already wrote that day', () => {
    expect(decide({ now: at('2026-01-14T20:30:00Z'), reminder: nine, wroteToday: true })).toEqual({
      action: 'skip',
      date: '2026-01-14',
    });
  });

  it('does nothing without a time, or on a weekday not chosen, in the person’s zone', () => {
    const now = at('2026-01-14T20:30:00Z'); // a Wednesday in Madrid
    expect(decide({ now, reminder: { time: null, days: EVERY_DAY } }).action).toBe('wait');
    expect(decide({ now, reminder: { time: '21:30', days: [0, 1, 2, 4, 5, 6] } }).action).toBe(
      'wait',
    );
    expect(decide({ now, reminder: { time: '21:30', days: [3] } }).action).toBe('send');
    // 00:30 on Thursday in Madrid is still Wednesday 23:30 UTC: Madrid's weekday counts.
    const thursday = { time: '00:30', days: [4] };
    expect(decide({ now: at('2026-01-14T23:30:00Z'), reminder: thursday })).toEqual({
      action: 'send',
      date: '2026-01-15',
    });
    expect(
      decideReminder({
        now: at('2026-01-14T23:30:00Z'),
        zone: 'UTC',
        reminder: { time: '23:30', days: [4] },
        wroteToday: false,
        lastClaimedDate: null,
      }).action,
    ).toBe('wait');
  });

  it('at midnight rings on the new day', () => {
    const midnight = { time: '00:00', days: EVERY_DAY };
    expect(
      decide({ now: at('2026-01-14T22:59:00Z'), reminder: midnight, lastClaimedDate: '2026-01-14' })
        .action,
    ).toBe('wait');
    expect(
      decide({
        now: at('2026-01-14T23:00:00Z'),
        reminder: midnight,
        lastClaimedDate: '2026-01-14',
      }),
    ).toEqual({
      action: 'send',
      date: '2026-01-15',
    });
  });

  it('catches up later the same day after a late scheduler, never for yesterday', () => {
    // Down from 21:00 to 23:45 in Madrid: it rings at 23:45, the same day.
    expect(decide({ now: at('2026-01-14T22:45:00Z'), reminder: nine })).toEqual({
      action: 'send',
      date: '2026-01-14',
    });
    // Back at 00:10 the next day: yesterday's is gone, today's is still to come.
    expect(decide({ now: at('2026-01-14T23:10:00Z'), reminder: nine })).toEqual({
      action: 'wait',
    });
  });
});

describe('daylight saving', () => {
  it('a time the clocks skip rings at the next minute that exists (Madrid, 29 March 2026)', () => {
    // 02:00 CET becomes 03:00 CEST at 01:00 UTC: 02:30 does not exist that night.
    const reminder = { time: '02:30', days: EVERY_DAY };
    expect(decide({ now: at('2026-03-29T00:59:00Z'), reminder }).action).toBe('wait');
    expect(decide({ now: at('2026-03-29T01:00:00Z'), reminder })).toEqual({
      action: 'send',
      date: '2026-03-29',
    });
    expect(
      sendsBetween(MADRID, reminder, at('2026-03-28T00:00:00Z'), at('2026-03-31T00:00:00Z')),
    ).toEqual([at('2026-03-28T01:30:00Z'), at('2026-03-29T01:00:00Z'), at('2026-03-30T00:30:00Z')]);
  });

  it('a time the clocks show twice rings once, at the first (Madrid, 25 October 2026)', () => {
    // 03:00 CEST becomes 02:00 CET at 01:00 UTC: 02:30 is at 00:30 UTC and again at 01:30 UTC.
    const reminder = { time: '02:30', days: EVERY_DAY };
    expect(
      sendsBetween(MADRID, reminder, at('2026-10-24T23:00:00Z'), at('2026-10-26T12:00:00Z')),
    ).toEqual([at('2026-10-25T00:30:00Z'), at('2026-10-26T01:30:00Z')]);
  });

  it('New York: skipped 02:30 on 8 March, doubled 01:30 on 1 November 2026', () => {
    expect(
      sendsBetween(
        NEW_YORK,
        { time: '02:30', days: EVERY_DAY },
        at('2026-03-08T06:00:00Z'),
        at('2026-03-09T12:00:00Z'),
      ),
    ).toEqual([at('2026-03-08T07:00:00Z'), at('2026-03-09T06:30:00Z')]);
    expect(
      sendsBetween(
        NEW_YORK,
        { time: '01:30', days: EVERY_DAY },
        at('2026-11-01T05:00:00Z'),
        at('2026-11-02T12:00:00Z'),
      ),
    ).toEqual([at('2026-11-01T05:30:00Z'), at('2026-11-02T06:30:00Z')]);
  });
});

describe('the next instant a reminder may be due', () => {
  it('is today’s time while it is to come, else the next chosen day’s', () => {
    const reminder = { time: '21:30', days: EVERY_DAY };
    expect(nextReminderAt(MADRID, reminder, at('2026-01-14T12:00:00Z'))).toBe(
      at('2026-01-14T20:30:00Z'),
    );
    expect(nextReminderAt(MADRID, reminder, at('2026-01-14T21:00:00Z'))).toBe(
      at('2026-01-15T20:30:00Z'),
    );
    // Claimed today: tomorrow, even before today's time.
    expect(nextReminderAt(MADRID, reminder, at('2026-01-14T12:00:00Z'), '2026-01-14')).toBe(
      at('2026-01-15T20:30:00Z'),
    );
  });

  it('skips the weekdays not chosen and crosses a change of clocks', () => {
    // Sundays only, from Monday 23 March 2026: Sunday 29 March, 02:30 skipped, so 03:00 CEST.
    expect(nextReminderAt(MADRID, { time: '02:30', days: [0] }, at('2026-03-23T12:00:00Z'))).toBe(
      at('2026-03-29T01:00:00Z'),
    );
  });

  it('is null without a time or without days', () => {
    expect(nextReminderAt(MADRID, { time: null, days: EVERY_DAY }, 0)).toBeNull();
    expect(nextReminderAt(MADRID, { time: '09:00', days: [] }, 0)).toBeNull();
  });
});

describe('what it says', () => {
  it('names the most recent earlier year with notes on this day, and its count', () => {
    expect(
      reminderBody([
        { year: 2021, count: 5 },
        { year: 2023, count: 2 },
        { year: 2022, count: 1 },
      ]),
    ).toBe('On this day in 2023: you wrote 2 notes');
    expect(reminderBody([{ year: 2024, count: 1 }])).toBe('On this day in 2024: you wrote 1 note');
    expect(reminderBody([])).toBeNull();
    expect(reminderBody([{ year: 2024, count: 0 }])).toBeNull();
  });

  it('counts 29 February on 28 February of years without one', () => {
    expect(onThisDayDatesIn('2025-02-28', 2024)).toEqual(['2024-02-28', '2024-02-29']);
    expect(onThisDayDatesIn('2025-02-28', 2023)).toEqual(['2023-02-28']);
    // A leap year has its own 29 February.
    expect(onThisDayDatesIn('2028-02-28', 2024)).toEqual(['2024-02-28']);
    expect(onThisDayDatesIn('2028-02-29', 2024)).toEqual(['2024-02-29']);
    expect(onThisDayDatesIn('2028-02-29', 2025)).toEqual([]);
    expect(onThisDayDatesIn('2026-07-14', 2019)).toEqual(['2019-07-14']);
  });
});
