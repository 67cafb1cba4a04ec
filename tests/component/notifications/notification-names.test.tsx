import { within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { createNotification } from '../../../mocks/store/notifications';
import { createRumination, createUser } from '../../../mocks/store/factories';
import type { Notification } from '../../../src/api/notification-schemas';
import { notificationSentence } from '../../../src/features/notifications/notification-text';
import { renderApp } from '../../support/render-app';

const FRIEND = 2;

/**
 * A name written right to left inside an English sentence is isolated (<bdi>), so that it neither
 * turns the sentence round nor takes the words beside it into its own direction (issue 39:
 * "asked to be أميرة حسن / your Friend").
 */
describe('names inside sentences', () => {
  test('a notification isolates its actor’s name and reads as before', async () => {
    const karim = createUser({ username: 'karim' });
    const amira = createUser({ username: 'amira', displayName: 'أميرة حسن' });
    createNotification({
      recipientId: karim.user.id,
      actorId: amira.user.id,
      kind: 'RelationRequested',
      relationType: FRIEND,
    });
    const app = await renderApp('/notifications', { token: karim.token });
    const list = await app.findByRole('list', { name: 'Notifications' });
    const link = within(list).getByRole('link');
    expect(link).toHaveTextContent('أميرة حسن asked to be your Friend');
    const name = link.querySelector('bdi');
    expect(name).toHaveTextContent('أميرة حسن');
    // The sentence's own direction is not taken from the name's letters.
    expect(link.closest('[dir="auto"], [dir="rtl"]')).toBeNull();
  });

  test('the sentence is cut around the name wherever the words put it', () => {
    const accepted: Notification = {
      id: 1,
      kind: 'RelationAccepted',
      createTMS: '2025-01-01T00:00:00.000Z',
      isRead: false,
      actor: { id: 2, username: 'amira', displayName: 'أميرة حسن' },
      ruminationId: null,
      commentId: null,
      relationId: 3,
      relationType: FRIEND,
    };
    expect(notificationSentence(accepted, 1)).toEqual({
      before: '',
      name: 'أميرة حسن',
      after: ' accepted your Friend request',
    });
  });

  test("a note's own page names its author isolated in its heading", async () => {
    const amira = createUser({ username: 'amira', displayName: 'أميرة حسن' });
    const note = createRumination({ authorId: amira.user.id, content: 'صباح الخير' });
    const app = await renderApp(`/rumination/${note.id}`);
    const heading = await app.findByRole('heading', {
      level: 1,
      name: 'Rumination by أميرة حسن',
    });
    expect(heading.querySelector('bdi')).toHaveTextContent('أميرة حسن');
    expect(heading).not.toHaveAttribute('dir', 'auto');
  });
});
