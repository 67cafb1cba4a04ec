import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { inBothThemes } from './support/axe';
import { expect, signInAs, test } from './support/fixtures';
import { createRuminationViaApi, fillSignIn } from './support/ui';

/** Account settings (/settings): password, sessions, export, deletion; axe on the new screens. */

const ACCOUNT_DELETED_MESSAGE = 'Your account and everything in it have been deleted.';

async function openSettings(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
}

function deleteDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Delete your account?' });
}

test.describe.configure({ timeout: 90_000 });

test('axe: /settings and the delete dialog, light and dark', async ({ page, createUser }) => {
  const person = await createUser('axeset');
  await inBothThemes(page, '/settings', async () => {
    await signInAs(page, person, '/settings');
    await openSettings(page, person.email);
    await expect(page.getByText(/^Member since /)).toBeVisible();
    // Notifications: this device, the kinds, the devices and the digest, all loaded.
    await expect(page.getByRole('checkbox', { name: 'Notify this device' })).toBeEnabled();
    await expect(page.getByText('No device receives notifications yet.')).toBeVisible();
  });
  await inBothThemes(page, '/settings with field errors', async () => {
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Current password is required')).toBeVisible();
  });
  await inBothThemes(page, 'the delete account dialog', async () => {
    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = deleteDialog(page);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expect(dialog.getByText('Password is required')).toBeVisible();
  });
});

test('change password: this session goes on, another browser is signed out', async ({
  page,
  createUser,
  anotherBrowser,
}) => {
  const person = await createUser('changer');
  const other = await anotherBrowser(person, '/my-ruminations');
  await expect(other.getByRole('button', { name: 'New Rumination' })).toBeVisible();

  await signInAs(page, person, '/settings');
  await openSettings(page, person.email);

  // A wrong current password is shown on its field.
  await page.getByLabel('Current password').fill('not my password');
  await page.getByLabel('New password').fill('a brand new secret');
  await page.getByLabel('Confirm password').fill('a brand new secret');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Current password is wrong')).toBeVisible();

  await page.getByLabel('Current password').fill(person.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Other sessions are signed out.')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveValue('');

  // This browser keeps its session (with the new token), after a reload too.
  await page.reload();
  await openSettings(page, person.email);

  // The other browser's session has ended.
  await other.reload();
  await expect(other).toHaveURL(/\/login$/);
  await other.context().close();

  // The new password signs in; the old one no longer does.
  const login = await anotherBrowser();
  await login.goto('/login');
  await fillSignIn(login, person.username, person.password);
  await expect(login.getByText('Invalid username or password')).toBeVisible();
  await fillSignIn(login, person.username, 'a brand new secret');
  await expect(login).toHaveURL(/\/my-ruminations$/);
  await login.context().close();
});

test('sign out everywhere ends this session and every other', async ({
  page,
  createUser,
  anotherBrowser,
}) => {
  const person = await createUser('everywhere');
  const other = await anotherBrowser(person, '/my-ruminations');
  await expect(other.getByRole('button', { name: 'New Rumination' })).toBeVisible();

  await signInAs(page, person, '/settings');
  await openSettings(page, person.email);
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);

  await other.reload();
  await expect(other).toHaveURL(/\/login$/);
  await other.context().close();
});

test('download my data as JSON and as Markdown', async ({ page, request, createUser }) => {
  const person = await createUser('exporter');
  await createRuminationViaApi(request, person, 'A thought worth keeping.');
  await signInAs(page, person, '/settings');
  await openSettings(page, person.email);
  await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();

  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data (JSON)' }).click(),
  ]);
  expect(json.suggestedFilename()).toMatch(/\.json$/);
  const data = JSON.parse(fs.readFileSync((await json.path())!, 'utf8')) as {
    account: { username: string };
    ruminations: { content: string }[];
  };
  expect(data.account.username).toBe(person.username);
  expect(data.ruminations.map((r) => r.content)).toContain('A thought worth keeping.');
  await expect(page.getByText(/^Downloaded .+\.json/)).toBeVisible();

  const [markdown] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data (Markdown)' }).click(),
  ]);
  expect(markdown.suggestedFilename()).toMatch(/\.zip$/);
  const zip = fs.readFileSync((await markdown.path())!);
  expect([...zip.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  expect(zip.includes('comments.md')).toBe(true);
  await expect(page.getByText(/^Downloaded .+\.zip/)).toBeVisible();
});

test('delete account: lands on /public with the message, and the account is gone', async ({
  page,
  request,
  createUser,
}) => {
  const person = await createUser('leaver');
  await createRuminationViaApi(request, person, 'Soon to be erased.');
  await signInAs(page, person, '/settings');
  await openSettings(page, person.email);

  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = deleteDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Your relations.')).toBeVisible();

  await dialog.getByLabel('Password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(dialog.getByText('Password is wrong')).toBeVisible();

  await dialog.getByLabel('Password').fill(person.password);
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(page).toHaveURL(/\/public$/);
  await expect(page.getByText(ACCOUNT_DELETED_MESSAGE)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByText('Soon to be erased.')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await page.goto('/login');
  await fillSignIn(page, person.username, person.password);
  await expect(page.getByText('Invalid username or password')).toBeVisible();
});

test('axe: the digest unsubscribe page, before and after its button, light and dark', async ({
  page,
}) => {
  await inBothThemes(page, '/unsubscribe', async () => {
    await page.goto('/unsubscribe?token=1.not-a-signature');
    await expect(page.getByRole('heading', { name: 'Email digests' })).toBeVisible();
  });
  await inBothThemes(page, '/unsubscribe with a link that is not valid', async () => {
    await page.getByRole('button', { name: 'Stop email digests' }).click();
    await expect(page.getByText(/This link is not valid/)).toBeVisible();
  });
});
