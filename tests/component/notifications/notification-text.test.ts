import { describe, expect, test } from 'vitest';
import type { Notification } from '../../../src/api/notification-schemas';
import {
  badgeText,
  bellLabel,
  notificationText,
  relativeTime,
} from '../../../src/features/notifications/notification-text';

const THERAPIST = 5;

function make(overrides: Partial<Notification>): Notification {
  return {
    id: 1,
    kind: 'RelationRequested',
    createTMS: '2026-01-01T00:00:00.000Z',
    isRead: false,
    actor: { id: 2, username: 'leo' },
    ruminationId: null,
    commentId: null,
    relationId: 3,
    relationType: 2,
    ...overrides,
  };
}

describe('notification lines', () => {
  test('a Therapist request reads from the therapist’s side: the asker would be their Patient', () => {
    expect(notificationText(make({ relationType: THERAPIST }), 7)).toBe(
      'leo asked to be your Patient',
    );
    expect(notificationText(make({ kind: 'RelationAccepted', relationType: THERAPIST }), 7)).toBe(
      'leo accepted your Therapist request',
    );
  });

  test('the badge and the name of the bell', () => {
    expect([badgeText(1), badgeText(9), badgeText(10)]).toEqual(['1', '9', '9+']);
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
  });

  test('relative time', () => {
    const now = Date.parse('2026-01-10T12:00:00.000Z');
    expect(relativeTime('2026-01-10T11:59:30.000Z', now)).toBe('just now');
    expect(relativeTime('2026-01-10T11:55:00.000Z', now)).toMatch(/5 minutes ago/);
    expect(relativeTime('2026-01-10T09:00:00.000Z', now)).toMatch(/3 hours ago/);
    expect(relativeTime('2026-01-09T12:00:00.000Z', now)).toMatch(/yesterday|1 day ago/);
    expect(relativeTime('not a date', now)).toBe('not a date');
  });
});
