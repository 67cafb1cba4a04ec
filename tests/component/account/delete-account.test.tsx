import { http, HttpResponse } from 'msw';
import { within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ACCOUNT_DELETED_MESSAGE } from '../../../src/api/account-schemas';
import { accountKeys } from '../../../src/lib/query-keys';
import { server } from '../../../mocks/node';
import { createRumination, createUser } from '../../../mocks/store/factories';
import { getDb } from '../../../mocks/store/db';
import { userIdOfToken } from '../../../mocks/store/tokens';
import { renderApp } from '../../support/render-app';

async function settingsWithDialogOpen() {
  const { user, token } = createUser({ username: 'alice', password: 'my-secret-1' });
  createRumination({ authorId: user.id, content: 'Soon gone.' });
  const app = await renderApp('/settings', { token });
  await app.findByText('alice@example.com');
  await app.user.click(app.getByRole('button', { name: 'Delete account' }));
  const dialog = await app.findByRole('dialog', { name: 'Delete your account?' });
  return { app, user, token, dialog };
}

describe('delete account', () => {
  test('the dialog says what is erased and asks for the password', async () => {
    const { app, dialog } = await settingsWithDialogOpen();
    expect(dialog).toHaveAccessibleDescription(/This cannot be undone/);
    for (const erased of [
      'Your ruminations and drafts, with every comment on them.',
      'Your reactions, and those on your ruminations.',
      'Your relations.',
      "Your comments on other people's ruminations: they are erased and shown as deleted.",
      'Your notifications.',
      'Your sign-in links.',
      'Your username and email: they become free for anyone to use.',
    ]) {
      expect(app.getByText(erased)).toBeInTheDocument();
    }
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('type', 'password');

    await app.user.click(app.getByRole('button', { name: 'Delete account' }));
    expect(await app.findByText('Password is required')).toBeInTheDocument();

    await app.user.click(app.getByRole('button', { name: 'Cancel' }));
    expect(app.queryByRole('dialog')).not.toBeInTheDocument();
    expect(getDb().users.find((u) => u.username === 'alice')).toBeDefined();
  });

  test('a wrong password is shown on the field and nothing is deleted', async () => {
    const { app, token, dialog } = await settingsWithDialogOpen();
    await app.user.type(within(dialog).getByLabelText('Password'), 'not-it');
    await app.user.click(app.getByRole('button', { name: 'Delete account' }));
    expect(await app.findByText('Password is wrong')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(userIdOfToken(token)).toBeDefined();
    expect(localStorage.getItem('token')).toBe(token);
  });

  test('a failure without a reason says "Failed to delete account"', async () => {
    server.use(http.delete('*/api/account', () => HttpResponse.error()));
    const { app, dialog } = await settingsWithDialogOpen();
    await app.user.type(within(dialog).getByLabelText('Password'), 'my-secret-1');
    await app.user.click(app.getByRole('button', { name: 'Delete account' }));
    expect(await app.findByRole('alert')).toHaveTextContent('Failed to delete account');
    expect(app.getByRole('dialog')).toBeInTheDocument();
  });

  test('deletes the account, clears the browser copy and lands on /public with the message', async () => {
    const { app, user, token, dialog } = await settingsWithDialogOpen();
    await app.user.type(within(dialog).getByLabelText('Password'), 'my-secret-1');
    await app.user.click(app.getByRole('button', { name: 'Delete account' }));

    expect(await app.findByText(ACCOUNT_DELETED_MESSAGE)).toBeInTheDocument();
    expect(app.router.state.location.pathname).toBe('/public');
    expect(app.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('tosAcceptance')).toBeNull();
    expect(userIdOfToken(token)).toBeUndefined();
    expect(app.queryClient.getQueryData(accountKeys.mine)).toBeUndefined();
    expect(getDb().ruminations.some((r) => r.authorId === user.id)).toBe(false);
    // Signed out: the public page as a visitor sees it, without what was deleted.
    expect(await app.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(app.queryByText('Soon gone.')).not.toBeInTheDocument();
  });
});
