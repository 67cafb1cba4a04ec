import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { ACTIVATED_MESSAGE } from '../../../src/domain/auth-decisions';
import { server } from '../../../mocks/node';
import { createUser } from '../../../mocks/store/factories';
import { findUser } from '../../../mocks/store/lookups';
import { sendAccountToken } from '../../../mocks/store/tokens';
import { renderApp } from '../../support/render-app';

describe('account activation', () => {
  test('explains an invalid link without a token and offers the way to sign in', async () => {
    const app = await renderApp('/activate');
    expect(app.getByRole('alert')).toHaveTextContent('Invalid activation link. No token provided.');
    await app.user.click(app.getByRole('link', { name: 'Go to Login' }));
    expect(await app.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });

  test('shows loading, then success, and activates the account once', async () => {
    const { user } = createUser({ username: 'alice', isActive: false });
    const { token } = sendAccountToken(user, 'activate', 'http://localhost:3000');
    let calls = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/api/auth/activate')) calls += 1;
    });

    const app = await renderApp(`/activate?token=${token}`);
    expect(await app.findByText(ACTIVATED_MESSAGE)).toBeInTheDocument();
    expect(findUser(user.id)?.isActive).toBe(true);
    expect(app.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    expect(calls).toBe(1);
    server.events.removeAllListeners();
  });

  test('a reload after success says the account is already active and offers sign-in', async () => {
    const { user } = createUser({ username: 'reloader', isActive: false });
    const { token } = sendAccountToken(user, 'activate', 'http://localhost:3000');
    const first = await renderApp(`/activate?token=${token}`);
    expect(await first.findByText(ACTIVATED_MESSAGE)).toBeInTheDocument();
    first.unmount();

    // A new page load: nothing of the first visit is cached.
    const again = await renderApp(`/activate?token=${token}`);
    expect(await again.findByRole('heading', { name: 'Account already activated' })).toBeVisible();
    expect(again.getByRole('status')).toHaveTextContent(
      'Your account is already active. You can sign in.',
    );
    expect(again.queryByRole('alert')).not.toBeInTheDocument();
    expect(again.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  });

  test('shows the loading state while the server answers', async () => {
    let release: () => void = () => {};
    server.use(
      http.get('*/api/auth/activate', async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({ message: 'done' });
      }),
    );
    const app = await renderApp('/activate?token=abc');
    expect(await app.findByText('Activating your account...')).toBeInTheDocument();
    release();
    expect(await app.findByText('done')).toBeInTheDocument();
  });

  test("shows the server's reason for a bad link, without retrying", async () => {
    let calls = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/api/auth/activate')) calls += 1;
    });
    const app = await renderApp('/activate?token=expired');
    expect(await app.findByRole('alert')).toHaveTextContent('Invalid or expired activation link');
    expect(app.getByRole('link', { name: 'Go to Login' })).toBeInTheDocument();
    expect(calls).toBe(1);
    server.events.removeAllListeners();
  });

  test('shows "Failed to activate account" when the server gives no reason', async () => {
    server.use(http.get('*/api/auth/activate', () => HttpResponse.error()));
    const app = await renderApp('/activate?token=abc');
    expect(await app.findByRole('alert')).toHaveTextContent('Failed to activate account');
  });
});
