import { within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { createNotification } from '../../../mocks/store/notifications';
import { createRumination, createUser } from '../../../mocks/store/factories';
import type { NotificationKind } from '../../../src/api/notification-schemas';
import { installMatchMedia } from '../../support/match-media';
import { renderApp } from '../../support/render-app';
import { api } from '../../mocks/mock-backend';
import { relate } from '../../support/store-people';
import { logRequests } from '../ruminations/request-log';
import { http, HttpResponse } from 'msw';
import { server } from '../../../mocks/node';

const log = logRequests();

const FRIEND = 2;
const FAMILY = 1;

function twoPeople() {
  const alice = createUser({ username: 'alice' });
  const bob = createUser({ username: 'bob' });
  return { alice, bob };
}

/** Notifications to `recipientId` from `actorId`, arranged straight in the mock store. */
function notify(
  recipientId: number,
  actorId: number,
  count: number,
  kind: NotificationKind = 'RelationRequested',
) {
  return Array.from({ length: count }, () =>
    createNotification({ recipientId, actorId, kind, relationType: FRIEND }),
  );
}

describe('the bell', () => {
  test('is a plain "Notifications" link with no badge at 0', async () => {
    const { alice } = twoPeople();
    const app = await renderApp('/public', { token: alice.token });
    const bell = await app.findByRole('link', { name: 'Notifications' });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(bell).toHaveTextContent('');
  });

  test('carries the count in its name and on its badge', async () => {
    const { alice, bob } = twoPeople();
    notify(alice.user.id, bob.user.id, 3);
    const app = await renderApp('/public', { token: alice.token });
    const bell = await app.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveTextContent('3');
  });

  test('shows "9+" above nine, with the exact number in its name', async () => {
    const { alice, bob } = twoPeople();
    notify(alice.user.id, bob.user.id, 12);
    const app = await renderApp('/public', { token: alice.token });
    const bell = await app.findByRole('link', { name: 'Notifications, 12 unread' });
    expect(bell).toHaveTextContent('9+');
  });

  test('counts a notification arriving on the stream, without a reload', async () => {
    const { alice, bob } = twoPeople();
    const app = await renderApp('/public', { token: alice.token });
    await app.findByRole('link', { name: 'Notifications' });
    // Bob asks through the mock API while Alice's app is open.
    const asked = await api('POST', '/api/UserRelations', {
      token: bob.token,
      body: { userId: alice.user.id, relationType: FRIEND },
    });
    expect(asked.status).toBe(201);
    expect(await app.findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    // The relation lists were refreshed too: People's count follows.
    expect(await app.findByRole('link', { name: 'People, 1 request waiting' })).toBeInTheDocument();

    // Straight into the store (the test helper tells the stream too).
    notify(alice.user.id, bob.user.id, 1, 'RelationAccepted');
    expect(await app.findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  });

  test('is in the small screen’s menu too, with the count in its name', async () => {
    installMatchMedia({ narrow: true });
    const { alice, bob } = twoPeople();
    notify(alice.user.id, bob.user.id, 2);
    const app = await renderApp('/public', { token: alice.token });
    expect(await app.findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    await app.user.click(app.getByRole('button', { name: 'Open menu' }));
    await app.user.click(await app.findByRole('menuitem', { name: 'Notifications, 2 unread' }));
    await vi.waitFor(() => expect(app.router.state.location.pathname).toBe('/notifications'));
  });
});

describe('the notifications page', () => {
  test('one line per kind, each linking to where it happened, newest first', async () => {
    const maya = createUser({ username: 'maya' });
    const leo = createUser({ username: 'leo' });
    const sam = createUser({ username: 'sam' });
    const nora = createUser({ username: 'nora' });
    const note = createRumination({ authorId: maya.user.id });
    const request = relate(leo, maya, FRIEND, 'pending');
    createNotification({
      recipientId: maya.user.id,
      actorId: leo.user.id,
      kind: 'RelationRequested',
      relationId: request.id,
      relationType: FRIEND,
    });
    createNotification({
      recipientId: maya.user.id,
      actorId: nora.user.id,
      kind: 'RelationAccepted',
      relationType: FAMILY,
    });
    const sams = await api('POST', '/api/comments', {
      token: sam.token,
      body: { content: 'Hello', ruminationId: note.id },
    });
    const mayas = await api('POST', '/api/comments', {
      token: maya.token,
      body: { content: 'Hi', ruminationId: note.id },
    });
    const noras = await api('POST', '/api/comments', {
      token: nora.token,
      body: { content: 'Hey', parentCommentId: mayas.json.id },
    });
    expect(sams.status).toBe(201);

    const app = await renderApp('/notifications', { token: maya.token });
    expect(app.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    const list = await app.findByRole('list', { name: 'Notifications' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['nora replied to your comment', `/rumination/${note.id}#comment-${noras.json.id}`],
      ['sam commented on your rumination', `/rumination/${note.id}#comment-${sams.json.id}`],
      ['nora accepted your Family request', '/people'],
      ['leo asked to be your Friend', '/people'],
    ]);
    // Unread ones are marked, with a relative time.
    expect(within(list).getAllByText('New')).toHaveLength(4);
    expect(within(list).getAllByText('just now')).toHaveLength(4);
  });

  test("names the actor by display name and quotes the note's first line, as the reader may see it", async () => {
    const maya = createUser({ username: 'maya' });
    const jose = createUser({ username: 'jose', displayName: 'José Núñez 🌻' });
    const note = createRumination({
      authorId: maya.user.id,
      content: '# Sunday **walk**\n\nThe long version.',
    });
    const first = await api('POST', '/api/comments', {
      token: jose.token,
      body: { content: 'Lovely', ruminationId: note.id },
    });
    await api('POST', '/api/comments', {
      token: jose.token,
      body: { content: 'Again', ruminationId: note.id },
    });
    expect(first.status).toBe(201);
    const app = await renderApp('/notifications', { token: maya.token });
    const list = await app.findByRole('list', { name: 'Notifications' });
    await vi.waitFor(() => expect(within(list).getAllByText('Sunday walk')).toHaveLength(2));
    const [latest] = within(list).getAllByRole('listitem');
    expect(within(latest!).getByRole('link')).toHaveTextContent(
      'José Núñez 🌻 commented on your rumination',
    );
    expect(within(latest!).getByText('Sunday walk')).toHaveAttribute('dir', 'auto');
    // One request per note, however many notifications name it.
    const asked = log.requests.filter((r) => r.url.pathname === `/api/ruminations/${note.id}`);
    expect(asked).toHaveLength(1);
  });

  test('a note the reader may no longer see (404) gives no line', async () => {
    const maya = createUser({ username: 'maya' });
    const leo = createUser({ username: 'leo' });
    const note = createRumination({ authorId: maya.user.id, content: 'Deleted meanwhile' });
    createNotification({
      recipientId: maya.user.id,
      actorId: leo.user.id,
      kind: 'CommentOnMyRumination',
      ruminationId: note.id,
    });
    // Between the list and the note's own request the note went away.
    server.use(
      http.get(`*/api/ruminations/${note.id}`, () =>
        HttpResponse.json(
          { type: 'about:blank', title: 'Rumination not found', status: 404 },
          { status: 404, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    const app = await renderApp('/notifications', { token: maya.token });
    const list = await app.findByRole('list', { name: 'Notifications' });
    await vi.waitFor(() =>
      expect(log.requests.some((r) => r.url.pathname === `/api/ruminations/${note.id}`)).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(list).queryByText('Deleted meanwhile')).not.toBeInTheDocument();
    expect(within(list).getByRole('listitem')).toHaveTextContent(
      'leo commented on your rumination',
    );
    expect(app.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('opening it marks what it shows read: the bell goes to 0', async () => {
    const { alice, bob } = twoPeople();
    notify(alice.user.id, bob.user.id, 3);
    const app = await renderApp('/public', { token: alice.token });
    await app.user.click(await app.findByRole('link', { name: 'Notifications, 3 unread' }));
    expect(await app.findByRole('list', { name: 'Notifications' })).toBeInTheDocument();
    expect(await app.findByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    const count = await api('GET', '/api/notifications/unread-count', { token: alice.token });
    expect(count.json).toEqual({ count: 0 });
  });

  test('pages with Load more', async () => {
    const { alice, bob } = twoPeople();
    notify(alice.user.id, bob.user.id, 25);
    const app = await renderApp('/notifications', { token: alice.token });
    const list = await app.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    await app.user.click(app.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25));
    expect(app.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  test('says so when there is nothing', async () => {
    const { alice } = twoPeople();
    const app = await renderApp('/notifications', { token: alice.token });
    expect(await app.findByText(/No notifications yet/)).toBeInTheDocument();
  });

  test('signed out, it sends to /login', async () => {
    const app = await renderApp('/notifications');
    expect(app.router.state.location.pathname).toBe('/login');
  });
});
