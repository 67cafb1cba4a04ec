import { describe, expect, test } from 'vitest';
import { clickTarget } from '../../src/service-worker/notification-click';
import {
  APP_ICON,
  BADGE_ICON,
  notificationForPush,
  UNREADABLE_TITLE,
} from '../../src/service-worker/push-notification';

/**
 * The service worker and a "Remind me to write" message (contract: "Memories", reminders): what
 * it shows, and that a click opens the composer.
 */

const ORIGIN = 'https://ruminations.example';
const reminder = (body: string | null, title: unknown = 'Time to write') =>
  JSON.stringify({ kind: 'WriteReminder', title, body });

describe('a reminder to write', () => {
  test('shows its title and on-this-day line under the tag write-reminder', () => {
    const shown = notificationForPush(reminder('On this day in 2023: you wrote 2 notes'));
    expect(shown).toEqual({
      title: 'Time to write',
      options: {
        body: 'On this day in 2023: you wrote 2 notes',
        icon: APP_ICON,
        badge: BADGE_ICON,
        tag: 'write-reminder',
        renotify: true,
        lang: 'en',
        data: { url: '/my-ruminations?compose=1' },
      },
    });
  });

  test('without memories it shows the title alone', () => {
    const shown = notificationForPush(reminder(null));
    expect(shown.title).toBe('Time to write');
    expect(shown.options.body).toBeUndefined();
    expect(shown.options.tag).toBe('write-reminder');
  });

  test('a click opens the composer on this origin', () => {
    const shown = notificationForPush(reminder(null));
    expect(clickTarget(shown.options.data, ORIGIN)).toBe(`${ORIGIN}/my-ruminations?compose=1`);
  });

  test('a reminder of another shape is shown as a message that cannot be read', () => {
    expect(notificationForPush(reminder(null, 42)).title).toBe(UNREADABLE_TITLE);
    expect(notificationForPush(reminder(null, '')).title).toBe(UNREADABLE_TITLE);
  });
});
