import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { server } from '../../../mocks/node';
import { createUser } from '../../../mocks/store/factories';
import { outbox } from '../../../mocks/store/tokens';
import { renderApp } from '../../support/render-app';

describe('forgot password', () => {
  test('requires an email of a valid pattern', async () => {
    const app = await renderApp('/forgot-password');
    await app.user.click(app.getByRole('button', { name: 'Send Reset Link' }));
    expect(await app.findByText('Email is required')).toBeInTheDocument();

    await app.user.type(app.getByLabelText('Email'), 'alice@nowhere');
    await app.user.click(app.getByRole('button', { name: 'Send Reset Link' }));
    expect(await app.findByText('Email is invalid')).toBeInTheDocument();
    expect(app.getByLabelText('Email')).toHaveAccessibleDescription('Email is invalid');
  });

  test('sends the link, confirms, and offers another email or the way back', async () => {
    createUser({ username: 'alice', email: 'alice@example.com' });
    const app = await renderApp('/forgot-password');
    await app.user.type(app.getByLabelText('Email'), 'alice@example.com');
    await app.user.click(app.getByRole('button', { name: 'Send Reset Link' }));

    expect(await app.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(outbox().at(-1)).toMatchObject({ to: 'alice@example.com' });

    await app.user.click(app.getByRole('button', { name: 'Send another email' }));
    // The address stays filled in, so sending again is one click.
    expect(await app.findByLabelText('Email')).toHaveValue('alice@example.com');
    await app.user.click(app.getByRole('button', { name: 'Send Reset Link' }));
    await app.findByRole('heading', { name: 'Check your email' });
    expect(outbox()).toHaveLength(2);
    await app.user.click(app.getByRole('link', { name: 'Back to Login' }));
    expect(await app.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });

  test('shows the default error when the call fails without a reason', async () => {
    server.use(http.post('*/api/auth/forgot-password', () => HttpResponse.error()));
    const app = await renderApp('/forgot-password');
    await app.user.type(app.getByLabelText('Email'), 'alice@example.com');
    await app.user.click(app.getByRole('button', { name: 'Send Reset Link' }));
    expect(await app.findByRole('alert')).toHaveTextContent('Failed to send password reset email');
  });
});
