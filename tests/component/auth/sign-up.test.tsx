import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { server } from '../../../mocks/node';
import { createUser } from '../../../mocks/store/factories';
import { getDb } from '../../../mocks/store/db';
import { renderApp } from '../../support/render-app';

type App = Awaited<ReturnType<typeof renderApp>>;

async function openSignUp(): Promise<App> {
  const app = await renderApp('/login');
  await app.user.click(app.getByRole('button', { name: 'Create an account' }));
  await app.findByRole('heading', { name: 'Sign Up' });
  return app;
}

interface SignUpInput {
  username?: string;
  email?: string;
  password?: string;
  confirmPassword?: string;
  acceptTerms?: boolean;
}

async function fillSignUp(app: App, input: SignUpInput) {
  const typeInto = async (label: string, value: string | undefined) => {
    if (value) await app.user.type(app.getByLabelText(label), value);
  };
  await typeInto('Username', input.username);
  await typeInto('Email', input.email);
  await typeInto('Password', input.password);
  await typeInto('Confirm password', input.confirmPassword);
  if (input.acceptTerms) await app.user.click(app.getByRole('checkbox', { name: /I accept the/ }));
  await app.user.click(app.getByRole('button', { name: 'Sign Up' }));
}

const valid = {
  username: 'newbie',
  email: 'newbie@example.com',
  password: 'secret123',
  confirmPassword: 'secret123',
  acceptTerms: true,
};

describe('sign up', () => {
  test('toggles in place between sign-in and sign-up', async () => {
    const app = await openSignUp();
    expect(app.getByLabelText('Email')).toBeInTheDocument();
    await app.user.click(app.getByRole('button', { name: 'Sign in instead' }));
    expect(await app.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(app.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/login');
  });

  test('shows every required message of an empty form', async () => {
    const app = await openSignUp();
    await fillSignUp(app, {});
    expect(await app.findByText('Username or email is required')).toBeInTheDocument();
    expect(app.getByText('Email is required')).toBeInTheDocument();
    expect(app.getByText('Password is required')).toBeInTheDocument();
    expect(app.getByText('You must accept the Terms of Service to continue')).toBeInTheDocument();
    expect(app.getByRole('checkbox', { name: /I accept the/ })).toHaveAccessibleDescription(
      'You must accept the Terms of Service to continue',
    );
  });

  test('checks the email pattern, the password length and that the passwords match', async () => {
    const app = await openSignUp();
    await fillSignUp(app, {
      ...valid,
      email: 'not-an-email',
      password: '12345',
      confirmPassword: '123456',
    });
    expect(await app.findByText('Email is invalid')).toBeInTheDocument();
    expect(app.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(app.getByText('Passwords do not match')).toBeInTheDocument();
  });

  test('shows "Password is too common" on the password field, from the server', async () => {
    const app = await openSignUp();
    await fillSignUp(app, { ...valid, password: 'Password', confirmPassword: 'Password' });
    expect(await app.findByText('Password is too common')).toBeInTheDocument();
    expect(app.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining('Password is too common'),
    );
    expect(app.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument();
  });

  test('sends terms version "1.0" and shows the check-your-email screen', async () => {
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/api/auth/signup')) bodies.push(await request.clone().json());
    });
    const app = await openSignUp();
    await fillSignUp(app, valid);

    expect(await app.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(app.getByText(/newbie@example\.com/)).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        username: 'newbie',
        email: 'newbie@example.com',
        password: 'secret123',
        acceptedTosVersion: '1.0',
      },
    ]);
    expect(getDb().outbox.at(-1)?.link).toMatch(/\/activate\?token=/);
    server.events.removeAllListeners();

    await app.user.click(app.getByRole('button', { name: 'Back to Sign In' }));
    expect(await app.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });

  test('shows the server title for a taken username', async () => {
    createUser({ username: 'newbie' });
    const app = await openSignUp();
    await fillSignUp(app, valid);
    expect(await app.findByRole('alert')).toHaveTextContent('Username is already taken');
  });

  test('shows "Signup failed" when the server gives no reason', async () => {
    server.use(http.post('*/api/auth/signup', () => HttpResponse.error()));
    const app = await openSignUp();
    await fillSignUp(app, valid);
    expect(await app.findByRole('alert')).toHaveTextContent('Signup failed');
  });

  test('puts server validation messages on their fields', async () => {
    const app = await openSignUp();
    await fillSignUp(app, { ...valid, username: 'no spaces allowed' });
    const username = app.getByLabelText('Username');
    expect(await app.findByText(/Username must be 3 to 32 characters/)).toBeInTheDocument();
    expect(username).toHaveAttribute('aria-invalid', 'true');
  });
});
