import { describe, expect, test } from 'vitest';
import type { Notification } from '../../../src/api/notification-schemas';
import {
  badgeText,
  bellLabel,
  firstLineOf,
  notificationTarget,
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
    actor: { id: 2, username: 'leo', displayName: 'Leo' },
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
      'Leo asked to be your Patient',
    );
    expect(notificationText(make({ kind: 'RelationAccepted', relationType: THERAPIST }), 7)).toBe(
      'Leo accepted your Therapist request',
    );
  });

  test('the actor is named by their display name, in any script', () => {
    const actor = { id: 2, username: 'maryam', displayName: 'مريم' };
    expect(notificationText(make({ kind: 'CommentOnMyRumination', actor }), 7)).toBe(
      'مريم commented on your rumination',
    );
  });

  test('a comment notification leads to the comment itself; a relation one to People', () => {
    expect(
      notificationTarget(make({ kind: 'ReplyToMyComment', ruminationId: 5, commentId: 42 })),
    ).toEqual({
      to: '/rumination/$ruminationId',
      params: { ruminationId: '5' },
      hash: 'comment-42',
    });
    expect(notificationTarget(make({}))).toEqual({ to: '/people' });
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

describe("a note's first line", () => {
  test.each([
    ['Just a plain day.\nThen tea.', 'Just a plain day.'],
    ['\n\n   \nAfter blank lines', 'After blank lines'],
    ['# A **bold** title\n\nBody', 'A bold title'],
    ['> quoted _words_ here', 'quoted words here'],
    ['- [x] water the plants', 'water the plants'],
    ['1. first step', 'first step'],
    ['See [the recipe](https://example.com) ~~now~~', 'See the recipe now'],
    ['![a cat](https://example.com/cat.png) on the mat', 'a cat on the mat'],
    ['| Day | Mood |\n| --- | --- |\n| Mon | calm |', 'Day · Mood'],
    ['```\nconst x = 1;\n```', 'const x = 1;'],
    ['---\n\nafter the rule', 'after the rule'],
    ['my_variable_name stays', 'my_variable_name stays'],
    ['كان يوما **طويلا**', 'كان يوما طويلا'],
    ['', ''],
  ])('%j reads %j', (content, line) => {
    expect(firstLineOf(content)).toBe(line);
  });

  test('a long line is cut after a word, near 80 characters', () => {
    const line = firstLineOf('word '.repeat(40));
    expect(line.endsWith('word…')).toBe(true);
    expect(Array.from(line).length).toBeLessThanOrEqual(81);
    expect(Array.from(line).length).toBeGreaterThan(60);
  });

  test('an emoji is never split', () => {
    const line = firstLineOf('🌻'.repeat(100));
    expect(line).toBe(`${'🌻'.repeat(80)}…`);
  });
});
