import { http, HttpResponse } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import { server } from '../../../mocks/node';
import {
  createUser,
  DEFAULT_TEST_PASSWORD,
  publishTermsVersion,
} from '../../../mocks/store/factories';
import { getToken } from '../../../src/lib/token-storage';
import { renderApp } from '../../support/render-app';

async function fillSignIn(
  app: Awaited<ReturnType<typeof renderApp>>,
  username: string,
  password: string,
) {
  if (username) await app.user.type(app.getByLabelText('Username or email'), username);
  if (password) await app.user.type(app.getByLabelText('Password'), password);
  await app.user.click(app.getByRole('button', { name: 'Sign In' }));
}

describe('sign in', () => {
  test('shows the required-field messages and ties them to the fields', async () => {
    const app = await renderApp('/login');
    await fillSignIn(app, '', '');

    const username = app.getByLabelText('Username or email');
    expect(await app.findByText('Username or email is required')).toBeInTheDocument();
    expect(app.getByText('Password is required')).toBeInTheDocument();
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription('Username or email is required');
  });

  test('asks for at least 6 password characters', async () => {
    const app = await renderApp('/login');
    await fillSignIn(app, 'alice', '12345');
    expect(await app.findByText('Password must be at least 6 characters')).toBeInTheDocument();
  });

  test('signs in, stores the token and opens My Ruminations', async () => {
    createUser({ username: 'alice' });
    const app = await renderApp('/login');
    await fillSignIn(app, 'alice', DEFAULT_TEST_PASSWORD);

    await vi.waitFor(() => expect(app.router.state.location.pathname).toBe('/my-ruminations'));
    expect(getToken()).toMatch(/\S+/);
    expect(await app.findByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  test('signs in with the email address too', async () => {
    createUser({ username: 'alice', email: 'alice@example.com' });
    const app = await renderApp('/login');
    await fillSignIn(app, 'alice@example.com', DEFAULT_TEST_PASSWORD);
    await vi.waitFor(() => expect(app.router.state.location.pathname).toBe('/my-ruminations'));
  });

  test('goes to the acceptance screen when the terms changed since the last acceptance', async () => {
    createUser({ username: 'alice' });
    publishTermsVersion('1.1');
    const app = await renderApp('/login');
    await fillSignIn(app, 'alice', DEFAULT_TEST_PASSWORD);

    await vi.waitFor(() => expect(app.router.state.location.pathname).toBe('/terms-acceptance'));
    expect(
      await app.findByRole('heading', { name: 'Terms of Service Update Required' }),
    ).toBeInTheDocument();
  });

  test("shows the server's message when the credentials are wrong", async () => {
    createUser({ username: 'alice' });
    const app = await renderApp('/login');
    await fillSignIn(app, 'alice', 'wrong-password');

    expect(await app.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(getToken()).toBeNull();
    expect(app.router.state.location.pathname).toBe('/login');
  });

  test('shows "Account is not activated" for an account not yet activated', async () => {
    createUser({ username: 'alice', isActive: false });
    const app = await renderApp('/login');
    await fillSignIn(app, 'alice', DEFAULT_TEST_PASSWORD);
    expect(await app.findByRole('alert')).toHaveTextContent('Account is not activated');
  });

  test('shows "Login failed" when the server gives no reason', async () => {
    server.use(http.post('*/api/auth/login', () => HttpResponse.error()));
    const app = await renderApp('/login');
    await fillSignIn(app, 'alice', DEFAULT_TEST_PASSWORD);
    expect(await app.findByRole('alert')).toHaveTextContent('Login failed');
  });

  test('links to the forgot-password screen', async () => {
    const app = await renderApp('/login');
    await app.user.click(app.getByRole('link', { name: 'Forgot password?' }));
    expect(await app.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
  });

  test('a signed-in visitor of /login is sent to My Ruminations', async () => {
    const { token } = createUser({ username: 'alice' });
    const app = await renderApp('/login', { token });
    expect(app.router.state.location.pathname).toBe('/my-ruminations');
  });
});
