import { describe, expect, test } from 'vitest';
import { getDb } from '../../../mocks/store/db';
import { createUser } from '../../../mocks/store/factories';
import { issueToken, userIdOfToken } from '../../../mocks/store/tokens';
import { renderApp } from '../../support/render-app';

async function settingsOf(username: string) {
  const { user, token } = createUser({ username, password: 'old-secret-1' });
  const app = await renderApp('/settings', { token });
  await app.findByText(`${username}@example.com`);
  return { app, user, token };
}

type App = Awaited<ReturnType<typeof settingsOf>>['app'];

async function fill(app: App, current: string, next: string, confirm = next) {
  if (current) await app.user.type(app.getByLabelText('Current password'), current);
  if (next) await app.user.type(app.getByLabelText('New password'), next);
  if (confirm) await app.user.type(app.getByLabelText('Confirm password'), confirm);
  await app.user.click(app.getByRole('button', { name: 'Change password' }));
}

describe('change password', () => {
  test('asks for every field, the minimum length and a match', async () => {
    const { app } = await settingsOf('alice');
    await fill(app, '', '');
    expect(await app.findByText('Current password is required')).toBeInTheDocument();
    expect(app.getByText('Password is required')).toBeInTheDocument();
    expect(app.getByText('Confirm password is required')).toBeInTheDocument();

    await fill(app, 'x', '12345', '54321');
    expect(await app.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(app.getByText('Passwords do not match')).toBeInTheDocument();
  });

  test('says a new password must differ from the current one, before sending anything', async () => {
    const { app, token } = await settingsOf('alice');
    await fill(app, 'old-secret-1', 'old-secret-1');
    const next = app.getByLabelText('New password');
    await expect.poll(() => next.getAttribute('aria-invalid')).toBe('true');
    expect(next).toHaveAccessibleDescription('New password must be different from the current one');
    expect(localStorage.getItem('token')).toBe(token);
  });

  test('shows "Current password is wrong" on its field', async () => {
    const { app, token } = await settingsOf('alice');
    await fill(app, 'not-my-password', 'brand-new-secret');
    const current = app.getByLabelText('Current password');
    await expect.poll(() => current.getAttribute('aria-invalid')).toBe('true');
    expect(current).toHaveAccessibleDescription('Current password is wrong');
    expect(app.queryByRole('alert')).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe(token);
  });

  test("shows the server's rule for the new password on its field", async () => {
    const { app } = await settingsOf('alice');
    await fill(app, 'old-secret-1', 'password123');
    expect(await app.findByText('Password is too common')).toBeInTheDocument();
    expect(app.getByLabelText('New password')).toHaveAccessibleDescription(
      'Password is too common',
    );
  });

  test('changes it, keeps this session with the new token and ends every other', async () => {
    const { app, user, token } = await settingsOf('alice');
    const elsewhere = issueToken(user.id);

    await fill(app, 'old-secret-1', 'brand-new-secret');

    expect(
      await app.findByText('Password changed. Other sessions are signed out.'),
    ).toBeInTheDocument();
    expect(app.getByLabelText('Current password')).toHaveValue('');
    expect(app.getByLabelText('New password')).toHaveValue('');
    expect(app.getByLabelText('Confirm password')).toHaveValue('');

    const stored = localStorage.getItem('token');
    expect(stored).not.toBeNull();
    expect(stored).not.toBe(token);
    expect(userIdOfToken(stored!)).toBe(user.id);
    expect(userIdOfToken(token)).toBeUndefined();
    expect(userIdOfToken(elsewhere)).toBeUndefined();
    expect(getDb().users.find((u) => u.id === user.id)?.password).toBe('brand-new-secret');

    // Still signed in here: the next call goes out with the new token.
    expect(app.router.state.location.pathname).toBe('/settings');
    await app.user.click(app.getByRole('link', { name: 'My Ruminations' }));
    expect(await app.findByRole('heading', { name: 'My Ruminations' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe(stored);
  });
});
