import { describe, expect, it } from 'vitest';
import type { Notification } from '../../src/api/notification-schemas';
import {
  notificationPath,
  notificationText,
  notificationTextOutsideApp,
  pushTag,
  shouldPush,
} from '../../src/domain/notification-words';
import { defaultPreferences } from '../../src/domain/preferences';

/**
 * What a notification says and where it leads (src/domain/notification-words.ts): the app's list,
 * a pushed notification's title and the digest all use these.
 */

const ME = 7;

function notification(overrides: Partial<Notification>): Notification {
  return {
    id: 40,
    kind: 'CommentOnMyRumination',
    createTMS: '2026-11-26T08:00:00.000Z',
    isRead: false,
    actor: { id: 3, username: 'bob', displayName: 'Bob Martin' },
    ruminationId: 5,
    commentId: 9,
    relationId: null,
    relationType: null,
    ...overrides,
  };
}

const relation = (kind: Notification['kind'], relationType: Notification['relationType']) =>
  notification({ kind, relationType, relationId: 12, ruminationId: null, commentId: null });

describe('notificationText: one sentence naming the actor by display name', () => {
  it('a comment on my rumination', () => {
    expect(notificationText(notification({}), ME)).toBe('Bob Martin commented on your rumination');
  });

  it('a reply to my comment', () => {
    expect(notificationText(notification({ kind: 'ReplyToMyComment' }), ME)).toBe(
      'Bob Martin replied to your comment',
    );
  });

  it('a reaction to my rumination', () => {
    expect(notificationText(notification({ kind: 'ReactionOnMyRumination' }), ME)).toBe(
      'Bob Martin reacted to your rumination',
    );
  });

  it('a mention, in a comment or in a rumination, leading to where it stands', () => {
    const inComment = notification({ kind: 'MentionedMe' });
    expect(notificationText(inComment, ME)).toBe('Bob Martin mentioned you in a comment');
    expect(notificationPath(inComment)).toBe('/rumination/5#comment-9');
    const inNote = notification({ kind: 'MentionedMe', commentId: null });
    expect(notificationText(inNote, ME)).toBe('Bob Martin mentioned you in a rumination');
    expect(notificationPath(inNote)).toBe('/rumination/5');
  });

  it('names the actor by display name, never by username', () => {
    const text = notificationText(
      notification({ actor: { id: 3, username: 'gran', displayName: 'Grandma 🌻' } }),
      ME,
    );
    expect(text).toBe('Grandma 🌻 commented on your rumination');
    expect(text).not.toContain('gran ');
  });

  it('a relation request, with its type', () => {
    expect(notificationText(relation('RelationRequested', 2), ME)).toBe(
      'Bob Martin asked to be your Friend',
    );
    expect(notificationText(relation('RelationRequested', 3), ME)).toBe(
      'Bob Martin asked to be your Best Friend',
    );
  });

  it('a Therapist request is, to its receiver (the therapist), someone asking to be their Patient', () => {
    expect(notificationText(relation('RelationRequested', 5), ME)).toBe(
      'Bob Martin asked to be your Patient',
    );
  });

  it('a Therapist request read by nobody in particular keeps the type', () => {
    expect(notificationText(relation('RelationRequested', 5), null)).toBe(
      'Bob Martin asked to be your Therapist',
    );
  });

  it('a relation request without a type', () => {
    expect(notificationText(relation('RelationRequested', null), ME)).toBe(
      'Bob Martin sent you a relation request',
    );
  });

  it('an accepted request, with or without its type', () => {
    expect(notificationText(relation('RelationAccepted', 1), ME)).toBe(
      'Bob Martin accepted your Family request',
    );
    expect(notificationText(relation('RelationAccepted', 5), ME)).toBe(
      'Bob Martin accepted your Therapist request',
    );
    expect(notificationText(relation('RelationAccepted', null), ME)).toBe(
      'Bob Martin accepted your request',
    );
  });
});

describe('notificationTextOutsideApp: the sentence of a push title or a digest', () => {
  it('follows the display name with the username when they differ', () => {
    const ana = { id: 3, username: 'ana_g', displayName: 'Ana' };
    expect(notificationTextOutsideApp(notification({ actor: ana }), ME)).toBe(
      'Ana (@ana_g) commented on your rumination',
    );
    expect(
      notificationTextOutsideApp(
        notification({ actor: { ...ana, displayName: '[deleted account] fan' } }),
        ME,
      ),
    ).toBe('[deleted account] fan (@ana_g) commented on your rumination');
    expect(
      notificationTextOutsideApp({ ...relation('RelationRequested', 2), actor: ana }, ME),
    ).toBe('Ana (@ana_g) asked to be your Friend');
  });

  it('names the username alone when it is the display name', () => {
    const plain = { id: 3, username: 'ana_g', displayName: 'ana_g' };
    expect(notificationTextOutsideApp(notification({ actor: plain }), ME)).toBe(
      'ana_g commented on your rumination',
    );
  });

  it('leaves the app’s own sentence as it was: the display name alone', () => {
    const ana = { id: 3, username: 'ana_g', displayName: 'Ana' };
    expect(notificationText(notification({ actor: ana }), ME)).toBe(
      'Ana commented on your rumination',
    );
  });
});

describe('notificationPath: the page a pushed notification or a digest opens', () => {
  it('a comment, where it stands under its rumination', () => {
    expect(notificationPath(notification({}))).toBe('/rumination/5#comment-9');
  });

  it('a rumination without a comment: its page', () => {
    expect(notificationPath(notification({ commentId: null }))).toBe('/rumination/5');
  });

  it('a relation: People', () => {
    expect(notificationPath(relation('RelationRequested', 2))).toBe('/people');
    expect(notificationPath(relation('RelationAccepted', null))).toBe('/people');
  });
});

describe('pushTag: what a device groups pushed notifications under', () => {
  it('one per rumination: two comments on one note share it', () => {
    const first = pushTag(notification({ id: 40, commentId: 9 }));
    const second = pushTag(notification({ id: 41, commentId: 10, kind: 'ReplyToMyComment' }));
    expect(first).toBe('rumination-5');
    expect(second).toBe(first);
    expect(pushTag(notification({ ruminationId: 6 }))).toBe('rumination-6');
  });

  it('one per relation otherwise', () => {
    expect(pushTag(relation('RelationRequested', 2))).toBe('relation-12');
    expect(pushTag(relation('RelationAccepted', 2))).toBe('relation-12');
  });

  it('the notification itself when it names neither', () => {
    expect(
      pushTag(notification({ id: 44, ruminationId: null, commentId: null, relationId: null })),
    ).toBe('notification-44');
  });
});

describe('shouldPush: the recipient decides, kind by kind', () => {
  it('pushes every kind by default', () => {
    const { push } = defaultPreferences();
    for (const kind of [
      'RelationRequested',
      'RelationAccepted',
      'CommentOnMyRumination',
      'ReplyToMyComment',
    ] as const) {
      expect(shouldPush(push, kind)).toBe(true);
    }
  });

  it('holds back a kind turned off, and only that kind', () => {
    const push = { ...defaultPreferences().push, ReplyToMyComment: false };
    expect(shouldPush(push, 'ReplyToMyComment')).toBe(false);
    expect(shouldPush(push, 'CommentOnMyRumination')).toBe(true);
  });
});
