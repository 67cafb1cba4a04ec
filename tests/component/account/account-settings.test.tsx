import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { server } from '../../../mocks/node';
import { createUser } from '../../../mocks/store/factories';
import { issueToken, userIdOfToken } from '../../../mocks/store/tokens';
import { renderApp } from '../../support/render-app';

describe('account settings', () => {
  test('shows the account and every section', async () => {
    const { token } = createUser({
      username: 'alice',
      email: 'alice@example.com',
      createTMS: '2026-03-04T12:00:00.000Z',
    });
    const app = await renderApp('/settings', { token });

    const account = app.getByRole('region', { name: 'Account' });
    expect(await app.findByText('alice@example.com')).toBeInTheDocument();
    expect(account).toHaveTextContent('alice');
    expect(account).toHaveTextContent('Member since March 4, 2026');

    for (const name of ['Account', 'Password', 'Sessions', 'Your data', 'Appearance']) {
      expect(app.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(app.getByRole('heading', { level: 2, name: 'Delete account' })).toBeInTheDocument();
    expect(app.getByRole('button', { name: 'Sign out everywhere' })).toBeInTheDocument();
    expect(app.getByRole('button', { name: 'Download my data (JSON)' })).toBeInTheDocument();
    expect(app.getByRole('button', { name: 'Download my data (Markdown)' })).toBeInTheDocument();
    expect(app.getByRole('button', { name: 'Delete account' })).toBeInTheDocument();
  });

  test('says so when the account cannot be loaded', async () => {
    const { token } = createUser({ username: 'alice' });
    server.use(http.get('*/api/account', () => HttpResponse.error()));
    const app = await renderApp('/settings', { token });
    expect(await app.findByText('Failed to fetch your account')).toBeInTheDocument();
    expect(app.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  test('Sign out everywhere ends every session, this one too, and shows /login', async () => {
    const { user, token } = createUser({ username: 'alice' });
    const elsewhere = issueToken(user.id);
    const app = await renderApp('/settings', { token });

    await app.user.click(app.getByRole('button', { name: 'Sign out everywhere' }));

    expect(await app.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(userIdOfToken(token)).toBeUndefined();
    expect(userIdOfToken(elsewhere)).toBeUndefined();
    expect(app.queryClient.getQueryCache().getAll()).toEqual([]);
  });

  test('a failed Sign out everywhere says so and stays signed in', async () => {
    const { token } = createUser({ username: 'alice' });
    server.use(http.post('*/api/account/sign-out-everywhere', () => HttpResponse.error()));
    const app = await renderApp('/settings', { token });

    await app.user.click(app.getByRole('button', { name: 'Sign out everywhere' }));

    expect(await app.findByText('Failed to sign out everywhere')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe(token);
    expect(app.router.state.location.pathname).toBe('/settings');
  });
});
