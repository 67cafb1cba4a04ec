import { describe, expect, it } from 'vitest';
import { MAX_ID } from '../../../src/api/common';
import type { Notification } from '../../../src/api/notification-schemas';
import {
  HEARTBEAT,
  REPLACED_EVENT,
  lastEventIdOf,
  notificationEvent,
  unreadEvent,
  unreadEventDue,
} from '../../../src/api/notification-stream-format';

/** The text of the notification stream, which the server and the mock backend both write. */

const notification: Notification = {
  id: 12,
  kind: 'CommentOnMyRumination',
  createTMS: '2026-03-01T12:00:00.000Z',
  isRead: false,
  actor: { id: 2, username: 'bob', displayName: 'Bob' },
  ruminationId: 5,
  commentId: 9,
  relationId: null,
  relationType: null,
};

describe('the notification stream', () => {
  it('writes a notification with its id, so a reconnect resumes after it', () => {
    expect(notificationEvent(notification)).toBe(
      `id: 12\nevent: notification\ndata: ${JSON.stringify(notification)}\n\n`,
    );
  });

  it('writes the unread count without an id, and a comment line as heartbeat', () => {
    expect(unreadEvent(3)).toBe('event: unread\ndata: {"count":3}\n\n');
    expect(HEARTBEAT).toBe(': keep-alive\n\n');
  });

  it('sends the count first, after notifications, and when it moved; never otherwise', () => {
    expect(unreadEventDue(0, 0, null)).toBe(true);
    expect(unreadEventDue(2, 3, 3)).toBe(true);
    expect(unreadEventDue(0, 2, 3)).toBe(true);
    // News about a notification its reader may not see: nothing moved, nothing is sent.
    expect(unreadEventDue(0, 3, 3)).toBe(false);
  });

  it('takes Last-Event-ID as an id, and ignores anything else', () => {
    expect(lastEventIdOf(' 41 ')).toBe(41);
    expect(lastEventIdOf(String(MAX_ID))).toBe(MAX_ID);
    for (const header of [undefined, null, '', 'abc', '-1', '1.5', String(MAX_ID + 1)]) {
      expect(lastEventIdOf(header), String(header)).toBeNull();
    }
  });
});

describe('the replaced event', () => {
  it('is a named event with no id and no data', () => {
    expect(REPLACED_EVENT).toBe('event: replaced\n\n');
  });
});
