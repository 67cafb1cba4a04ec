import { describe, expect, test } from 'vitest';
import { within } from '@testing-library/react';
import { createRumination, createUser } from '../../../mocks/store/factories';
import { avatarGradientFor } from '../../../src/components/ui/avatar-gradient';
import { renderApp } from '../../support/render-app';
import { logRequests } from '../ruminations/request-log';
import { relate } from '../../support/store-people';

const log = logRequests();

/** dana writes a public note, a friends-only note and a draft; viewer is her friend. */
function arrange() {
  const dana = createUser({ username: 'dana' });
  const viewer = createUser({ username: 'victor' });
  createRumination({ authorId: dana.user.id, content: 'Public musing' });
  createRumination({ authorId: dana.user.id, content: 'Only for friends', audiences: [2] });
  createRumination({ authorId: dana.user.id, content: 'Hidden draft', isPublished: false });
  relate(dana, viewer, 2);
  return { dana, viewer };
}

describe('profile', () => {
  test('shows the avatar, the username and the public rumination count', async () => {
    const { dana, viewer } = arrange();
    createRumination({ authorId: dana.user.id, content: 'Another public one' });
    const app = await renderApp(`/user/${dana.user.id}`, { token: viewer.token });

    expect(app.getByRole('heading', { level: 1, name: 'dana' })).toBeInTheDocument();
    // The number says what it counts: public ones, though victor may read three.
    expect(app.getByText('2 public ruminations')).toBeInTheDocument();
    const avatar = app.getByRole('heading', { level: 1 }).closest('header')!.querySelector('span');
    expect(avatar).toHaveTextContent('d');
    for (const cls of avatarGradientFor('dana').split(' ')) expect(avatar).toHaveClass(cls);
  });

  test('one rumination reads "1 public rumination"', async () => {
    const erin = createUser({ username: 'erin' });
    createRumination({ authorId: erin.user.id });
    const app = await renderApp(`/user/${erin.user.id}`);
    expect(app.getByText('1 public rumination')).toBeInTheDocument();
  });

  test('Public / All Visible ask for isPublic=true / false with the UserId', async () => {
    const { dana, viewer } = arrange();
    // Public named in the address: a friend's profile opens on All Visible otherwise
    // (profile-opening-tab.test.tsx).
    const app = await renderApp(`/user/${dana.user.id}?view=public`, { token: viewer.token });

    expect(await app.findByText('Public musing')).toBeInTheDocument();
    expect(app.queryByText('Only for friends')).not.toBeInTheDocument();
    expect(app.getByRole('link', { name: 'Public', current: 'page' })).toBeInTheDocument();

    await app.user.click(app.getByRole('link', { name: 'All Visible' }));
    expect(await app.findByText('Only for friends')).toBeInTheDocument();
    expect(app.getByText('Public musing')).toBeInTheDocument();
    expect(app.queryByText('Hidden draft')).not.toBeInTheDocument();
    expect(app.getByRole('link', { name: 'All Visible' })).toHaveAttribute('aria-current', 'page');

    const calls = log.to('/api/ruminations/public');
    expect(
      calls.map((r) => [r.url.searchParams.get('UserId'), r.url.searchParams.get('isPublic')]),
    ).toEqual([
      [String(dana.user.id), 'true'],
      [String(dana.user.id), 'false'],
    ]);
    expect(log.to(`/api/users/${dana.user.id}`)).toHaveLength(1);
  });

  test('the relation manager shows on someone else’s profile, not on one’s own', async () => {
    const { dana, viewer } = arrange();
    const other = await renderApp(`/user/${dana.user.id}`, { token: viewer.token });
    expect(await other.findByRole('region', { name: 'Relations' })).toBeInTheDocument();
    other.unmount();

    const own = await renderApp(`/user/${dana.user.id}`, { token: dana.token });
    expect(await own.findByText('Public musing')).toBeInTheDocument();
    // Own cards are editable, which also proves the viewer is known by now.
    expect(own.getAllByRole('button', { name: 'Edit rumination' }).length).toBeGreaterThan(0);
    expect(own.queryByRole('region', { name: 'Relations' })).not.toBeInTheDocument();
  });

  test('visitors see the profile without a relation manager or an All Visible that cannot help', async () => {
    const { dana } = arrange();
    const app = await renderApp(`/user/${dana.user.id}?view=all`);
    expect(await app.findByText('Public musing')).toBeInTheDocument();
    expect(
      app.queryByRole('navigation', { name: 'Public or all visible' }),
    ).not.toBeInTheDocument();
    expect(app.queryByRole('link', { name: 'All Visible' })).not.toBeInTheDocument();
    expect(app.queryByRole('region', { name: 'Relations' })).not.toBeInTheDocument();
    expect(log.requests.filter((r) => r.url.pathname === '/api/UserRelations')).toEqual([]);
  });

  test('an id that is not a number is "Page not found", without asking the server', async () => {
    const app = await renderApp('/user/abc');
    expect(await app.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(log.requests.filter((r) => r.url.pathname.startsWith('/api/users'))).toEqual([]);
  });

  test('/user without an id says "Invalid user ID"', async () => {
    const app = await renderApp('/user/');
    expect(app.getByRole('heading', { name: 'Invalid user ID' })).toBeInTheDocument();
  });

  test('an unknown user has a not-found screen with a way back, and no Try again', async () => {
    const app = await renderApp('/user/9999');
    expect(await app.findByRole('heading', { name: 'User not found' })).toBeInTheDocument();
    expect(app.getByRole('link', { name: 'Back to Public Ruminations' })).toHaveAttribute(
      'href',
      '/public',
    );
    expect(app.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  test('the author link on a card opens that profile', async () => {
    const { dana } = arrange();
    const app = await renderApp('/public');
    const card = (await app.findByText('Public musing')).closest('article')!;
    await app.user.click(within(card).getByRole('link', { name: 'dana' }));
    expect(await app.findByRole('heading', { level: 1, name: 'dana' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe(`/user/${dana.user.id}`);
  });
});
