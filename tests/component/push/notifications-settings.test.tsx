import { http, HttpResponse } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import { within } from '@testing-library/react';
import { server } from '../../../mocks/node';
import { createPushSubscription, createUser } from '../../../mocks/store/factories';
import { getDb } from '../../../mocks/store/db';
import { preferencesOf } from '../../../mocks/store/preferences';
import { renderApp } from '../../support/render-app';
import { logRequests } from '../ruminations/request-log';
import { installPushBrowser } from './fake-push-browser';

const log = logRequests();

type App = Awaited<ReturnType<typeof renderApp>>;

const BLOCKED = "Notifications are blocked for Ruminations in this browser's settings.";
const UNSUPPORTED = 'This browser cannot show notifications.';
const KINDS = [
  'Someone asks to be related',
  'Someone accepts your request',
  'Someone comments on your rumination',
  'Someone replies to your comment',
  'Someone reacts to your rumination',
];

async function openSection(token: string) {
  const app = await renderApp('/settings', { token });
  const section = within(await app.findByRole('region', { name: 'Notifications' }));
  return { app, section };
}

function notifyBox(section: ReturnType<typeof within>) {
  return section.getByRole('checkbox', { name: 'Notify this device' });
}

/** Waits until the switch knows its state (it is disabled while the devices load). */
async function readySwitch(section: ReturnType<typeof within>) {
  await vi.waitFor(() => expect(notifyBox(section)).toBeEnabled());
  return notifyBox(section);
}

function mySubscriptions(userId: number) {
  return getDb().pushSubscriptions.filter((s) => s.userId === userId);
}

async function turnOn(app: App, section: ReturnType<typeof within>) {
  await app.user.click(await readySwitch(section));
  await vi.waitFor(() => expect(notifyBox(section)).toBeChecked());
  await vi.waitFor(() => expect(section.getByText('This device')).toBeInTheDocument());
}

describe('Settings: Notifications', () => {
  test('shows its parts: this device, which notifications, devices and the email digest', async () => {
    const { token } = createUser({ username: 'maya' });
    const browser = installPushBrowser();
    const { app, section } = await openSection(token);

    // After "Who reads new notes", before the reminder and the zone it rings in.
    const headings = app.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.indexOf('Notifications')).toBe(headings.indexOf('Who reads new notes') + 1);
    expect(headings.indexOf('Remind me to write')).toBe(headings.indexOf('Notifications') + 1);
    expect(headings.indexOf('Time zone')).toBe(headings.indexOf('Remind me to write') + 1);

    expect(await readySwitch(section)).not.toBeChecked();
    const kinds = within(section.getByRole('group', { name: 'Which notifications' }));
    for (const name of KINDS) {
      expect(await kinds.findByRole('checkbox', { name })).toBeChecked();
    }
    expect(section.getByRole('heading', { name: 'Devices' })).toBeInTheDocument();
    expect(await section.findByText('No device receives notifications yet.')).toBeInTheDocument();
    const digest = within(section.getByRole('group', { name: 'Email digest' }));
    expect(digest.getByRole('radio', { name: 'Off' })).toBeChecked();
    expect(digest.getByRole('radio', { name: 'Daily' })).not.toBeChecked();
    expect(digest.getByRole('radio', { name: 'Weekly' })).not.toBeChecked();
    expect(section.getByRole('group', { name: 'Email digest' })).toHaveAccessibleDescription(
      'A short email listing what you have not read yet: names and links, never what anyone wrote.',
    );
    // Nothing is asked of the browser on load.
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(browser.subscribe).not.toHaveBeenCalled();
  });

  test('turning it on asks permission, subscribes with the server key, POSTs the subscription and lists "This device"; a reload keeps it on', async () => {
    const { user, token } = createUser({ username: 'maya' });
    const browser = installPushBrowser();
    const { app, section } = await openSection(token);

    await turnOn(app, section);

    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledTimes(1);
    const [options] = browser.subscribe.mock.calls[0] as [
      { userVisibleOnly: boolean; applicationServerKey: Uint8Array },
    ];
    expect(options.userVisibleOnly).toBe(true);
    const publicKey = getDb().pushPublicKey ?? '';
    expect(Buffer.from(options.applicationServerKey).toString('base64url')).toBe(publicKey);

    await log.settled();
    const posts = log.to('/api/push/subscriptions', 'POST');
    expect(posts).toHaveLength(1);
    // The browser's subscription as JSON, without expirationTime (the server ignores it).
    const sent = browser.current?.toJSON();
    expect(posts[0]?.body).toEqual({ endpoint: sent?.endpoint, keys: sent?.keys });
    const stored = mySubscriptions(user.id);
    expect(stored.map((s) => s.endpoint)).toEqual([sent?.endpoint]);
    const device = section.getByText('This device').closest('li');
    expect(device).toHaveTextContent(/Added/);
    expect(within(device as HTMLElement).getByRole('button', { name: 'Remove' })).toBeEnabled();

    app.unmount();
    const again = await openSection(token);
    await vi.waitFor(() => expect(notifyBox(again.section)).toBeChecked());
    expect(await again.section.findByText('This device')).toBeInTheDocument();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
  });

  test('permission denied: says it is blocked, subscribes nothing and POSTs nothing', async () => {
    const { user, token } = createUser({ username: 'maya' });
    const browser = installPushBrowser({ answer: 'denied' });
    const { app, section } = await openSection(token);

    await app.user.click(await readySwitch(section));

    expect(await section.findByRole('alert')).toHaveTextContent(BLOCKED);
    expect(notifyBox(section)).not.toBeChecked();
    expect(browser.subscribe).not.toHaveBeenCalled();
    await log.settled();
    expect(log.to('/api/push/subscriptions', 'POST')).toHaveLength(0);
    expect(mySubscriptions(user.id)).toHaveLength(0);
  });

  test('blocked already: says so on load without asking', async () => {
    const { token } = createUser({ username: 'maya' });
    const browser = installPushBrowser({ permission: 'denied' });
    const { section } = await openSection(token);
    await readySwitch(section);
    expect(section.getByText(BLOCKED)).toBeInTheDocument();
    expect(browser.requestPermission).not.toHaveBeenCalled();
  });

  test('a browser without service workers, PushManager or Notification says it cannot', async () => {
    const { token } = createUser({ username: 'maya' });
    // happy-dom has not all of them.
    const { section } = await openSection(token);
    expect(await section.findByText(UNSUPPORTED)).toBeInTheDocument();
    expect(notifyBox(section)).toBeDisabled();
    // The kinds still apply to the account's other devices.
    expect(await section.findByRole('checkbox', { name: KINDS[0] })).toBeEnabled();
  });

  test('a failed subscribe or POST says why, and keeps it off', async () => {
    const { user, token } = createUser({ username: 'maya' });
    const browser = installPushBrowser();
    browser.subscribeError = new DOMException(
      'Registration failed - push service error',
      'AbortError',
    );
    const { app, section } = await openSection(token);

    await app.user.click(await readySwitch(section));
    expect(await section.findByRole('alert')).toHaveTextContent(
      'This device could not be subscribed: Registration failed - push service error',
    );
    expect(notifyBox(section)).not.toBeChecked();

    browser.subscribeError = null;
    server.use(
      http.post('*/api/push/subscriptions', () =>
        HttpResponse.json(
          { title: 'Bad Request', status: 400, message: 'This push service is not allowed' },
          { status: 400 },
        ),
      ),
    );
    await app.user.click(await readySwitch(section));
    await vi.waitFor(() =>
      expect(section.getByRole('alert')).toHaveTextContent(
        'This device could not be subscribed: This push service is not allowed',
      ),
    );
    expect(notifyBox(section)).not.toBeChecked();
    expect(mySubscriptions(user.id)).toHaveLength(0);
  });

  test('turning it off DELETEs the subscription and unsubscribes the browser', async () => {
    const { user, token } = createUser({ username: 'maya' });
    const browser = installPushBrowser();
    const { app, section } = await openSection(token);
    await turnOn(app, section);
    const [stored] = mySubscriptions(user.id);
    const endpoint = browser.current?.endpoint;

    await app.user.click(notifyBox(section));

    await vi.waitFor(() =>
      expect(log.to(`/api/push/subscriptions/${stored?.id}`, 'DELETE')).toHaveLength(1),
    );
    await vi.waitFor(() => expect(notifyBox(section)).not.toBeChecked());
    expect(await section.findByText('No device receives notifications yet.')).toBeInTheDocument();
    expect(browser.unsubscribed).toEqual([endpoint]);
    expect(browser.current).toBeNull();
    expect(mySubscriptions(user.id)).toHaveLength(0);
  });

  test('Devices: another device is named so; Remove DELETEs it; removing this one stops the browser too', async () => {
    const { user, token } = createUser({ username: 'maya' });
    const browser = installPushBrowser();
    const other = createPushSubscription({
      userId: user.id,
      createTMS: '2026-03-04T12:00:00.000Z',
    });
    const { app, section } = await openSection(token);
    const otherItem = (await section.findByText('Another device')).closest('li') as HTMLElement;
    expect(otherItem).toHaveTextContent('Added Mar 4, 2026');
    await turnOn(app, section);

    await app.user.click(within(otherItem).getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() => expect(section.queryByText('Another device')).not.toBeInTheDocument());
    // Its button left with it: focus goes to the list's heading.
    expect(section.getByRole('heading', { name: 'Devices' })).toHaveFocus();
    expect(log.to(`/api/push/subscriptions/${other.id}`, 'DELETE')).toHaveLength(1);
    expect(notifyBox(section)).toBeChecked();
    expect(browser.unsubscribed).toEqual([]);

    const mine = section.getByText('This device').closest('li') as HTMLElement;
    await app.user.click(within(mine).getByRole('button', { name: 'Remove' }));
    expect(await section.findByText('No device receives notifications yet.')).toBeInTheDocument();
    await vi.waitFor(() => expect(notifyBox(section)).not.toBeChecked());
    expect(browser.current).toBeNull();
    expect(browser.unsubscribed).toHaveLength(1);
    expect(mySubscriptions(user.id)).toHaveLength(0);
  });

  test('a subscription the server no longer lists (removed on another device) shows as off', async () => {
    const { user, token } = createUser({ username: 'maya' });
    installPushBrowser();
    const first = await openSection(token);
    await turnOn(first.app, first.section);
    first.app.unmount();

    getDb().pushSubscriptions = getDb().pushSubscriptions.filter((s) => s.userId !== user.id);
    const { section } = await openSection(token);
    expect(await readySwitch(section)).not.toBeChecked();
    expect(await section.findByText('No device receives notifications yet.')).toBeInTheDocument();
  });

  test('each kind PUTs only itself, and the choice stays after a reload', async () => {
    const { user, token } = createUser({ username: 'maya' });
    const { app, section } = await openSection(token);
    const box = await section.findByRole('checkbox', {
      name: 'Someone comments on your rumination',
    });

    await app.user.click(box);

    await vi.waitFor(() => expect(log.to('/api/account/preferences', 'PUT')).toHaveLength(1));
    await log.settled();
    expect(log.to('/api/account/preferences', 'PUT')[0]?.body).toEqual({
      push: { CommentOnMyRumination: false },
    });
    expect(box).not.toBeChecked();
    // Saving keeps the box enabled and focused (a disabled one would drop the focus).
    expect(box).toHaveFocus();
    expect(preferencesOf(user.id).push).toEqual({
      RelationRequested: true,
      RelationAccepted: true,
      CommentOnMyRumination: false,
      ReplyToMyComment: true,
      ReactionOnMyRumination: true,
      MentionedMe: true,
    });

    app.unmount();
    const again = await openSection(token);
    await vi.waitFor(() =>
      expect(
        again.section.getByRole('checkbox', { name: 'Someone comments on your rumination' }),
      ).not.toBeChecked(),
    );
    expect(
      again.section.getByRole('checkbox', { name: 'Someone replies to your comment' }),
    ).toBeChecked();
  });

  test('the digest PUTs only emailDigest, says Saved, and stays after a reload', async () => {
    const { user, token } = createUser({ username: 'maya' });
    const { app, section } = await openSection(token);
    await app.user.click(await section.findByRole('radio', { name: 'Weekly' }));
    expect(section.getByRole('radio', { name: 'Weekly' })).toHaveFocus();

    expect(await section.findByText('Saved')).toBeInTheDocument();
    await log.settled();
    expect(log.to('/api/account/preferences', 'PUT').map((r) => r.body)).toEqual([
      { emailDigest: 'weekly' },
    ]);
    expect(preferencesOf(user.id).emailDigest).toBe('weekly');

    app.unmount();
    const again = await openSection(token);
    await vi.waitFor(() =>
      expect(again.section.getByRole('radio', { name: 'Weekly' })).toBeChecked(),
    );
    expect(again.section.getByRole('radio', { name: 'Off' })).not.toBeChecked();
  });
});

describe('sign-out', () => {
  test("removes this device's subscription (DELETE with the token, then the browser unsubscribes)", async () => {
    const { user, token } = createUser({ username: 'maya' });
    const browser = installPushBrowser();
    const { app, section } = await openSection(token);
    await turnOn(app, section);
    const [stored] = mySubscriptions(user.id);
    let authorization: string | null = null;
    const seeDelete = ({ request }: { request: Request }) => {
      if (request.method === 'DELETE') authorization = request.headers.get('Authorization');
    };
    server.events.on('request:start', seeDelete);

    // The bar's signed-in part (a lazy chunk) holds sign-out's clean-up: wait until it is there.
    await app.user.click(await app.findByRole('button', { name: 'Sign Out' }));

    expect(await app.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(log.to(`/api/push/subscriptions/${stored?.id}`, 'DELETE')).toHaveLength(1);
    expect(authorization).toBe(`Bearer ${token}`);
    expect(mySubscriptions(user.id)).toHaveLength(0);
    expect(browser.current).toBeNull();
    expect(browser.unsubscribed).toHaveLength(1);
    expect(Object.keys(localStorage).filter((k) => k.includes('push'))).toEqual([]);
    // Its own listener only: the request log listens on the same event.
    server.events.removeListener('request:start', seeDelete);
  });

  test("Sign out everywhere removes this device's subscription before every token is revoked", async () => {
    const { user, token } = createUser({ username: 'maya' });
    const browser = installPushBrowser();
    const { app, section } = await openSection(token);
    await turnOn(app, section);
    const [stored] = mySubscriptions(user.id);

    await app.findByRole('button', { name: 'Sign Out' });
    await app.user.click(app.getByRole('button', { name: 'Sign out everywhere' }));

    expect(await app.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    const deletes = log.to(`/api/push/subscriptions/${stored?.id}`, 'DELETE');
    expect(deletes).toHaveLength(1);
    // Answered 204: sent while the token still worked (after the revocation it would be a 401).
    expect(mySubscriptions(user.id)).toHaveLength(0);
    expect(browser.current).toBeNull();
  });
});
