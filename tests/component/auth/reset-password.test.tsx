import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { server } from '../../../mocks/node';
import { createUser } from '../../../mocks/store/factories';
import { getDb } from '../../../mocks/store/db';
import { sendAccountToken } from '../../../mocks/store/tokens';
import { renderApp } from '../../support/render-app';

function resetLinkFor(username: string): string {
  const { user } = createUser({ username });
  const { token } = sendAccountToken(user, 'reset', 'http://localhost:3000');
  return `/reset-password?token=${token}`;
}

describe('reset password', () => {
  test('explains an invalid link without a token', async () => {
    const app = await renderApp('/reset-password');
    expect(app.getByRole('alert')).toHaveTextContent('Invalid reset link. No token provided.');
    expect(app.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  test('requires both passwords, the minimum length and a match', async () => {
    const app = await renderApp('/reset-password?token=abc');
    await app.user.click(app.getByRole('button', { name: 'Reset Password' }));
    expect(await app.findByText('Password is required')).toBeInTheDocument();
    expect(app.getByText('Confirm password is required')).toBeInTheDocument();

    await app.user.type(app.getByLabelText('New password'), '12345');
    await app.user.type(app.getByLabelText('Confirm password'), '54321');
    await app.user.click(app.getByRole('button', { name: 'Reset Password' }));
    expect(await app.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(app.getByText('Passwords do not match')).toBeInTheDocument();
  });

  test('sets the new password and offers Continue to Login', async () => {
    const link = resetLinkFor('alice');
    const app = await renderApp(link);
    await app.user.type(app.getByLabelText('New password'), 'brand-new-1');
    await app.user.type(app.getByLabelText('Confirm password'), 'brand-new-1');
    await app.user.click(app.getByRole('button', { name: 'Reset Password' }));

    await app.user.click(await app.findByRole('link', { name: 'Continue to Login' }));
    expect(await app.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(getDb().users.find((u) => u.username === 'alice')?.password).toBe('brand-new-1');
  });

  test("shows the server's reason for a used or unknown link", async () => {
    const app = await renderApp('/reset-password?token=not-a-real-token');
    await app.user.type(app.getByLabelText('New password'), 'brand-new-1');
    await app.user.type(app.getByLabelText('Confirm password'), 'brand-new-1');
    await app.user.click(app.getByRole('button', { name: 'Reset Password' }));
    expect(await app.findByRole('alert')).toHaveTextContent('Invalid or expired reset link');
  });

  test('shows "Failed to reset password" when the server gives no reason', async () => {
    server.use(http.post('*/api/auth/reset-password', () => HttpResponse.error()));
    const app = await renderApp('/reset-password?token=abc');
    await app.user.type(app.getByLabelText('New password'), 'brand-new-1');
    await app.user.type(app.getByLabelText('Confirm password'), 'brand-new-1');
    await app.user.click(app.getByRole('button', { name: 'Reset Password' }));
    expect(await app.findByRole('alert')).toHaveTextContent('Failed to reset password');
  });
});
