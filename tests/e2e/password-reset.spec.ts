import { expect, test } from './support/fixtures';
import { fillSignIn } from './support/ui';

test('forgot password: the email link resets it, the old session ends, the new password signs in', async ({
  page,
  app,
  createUser,
  anotherBrowser,
}) => {
  const person = await createUser('forgetful');
  const newPassword = 'a brand new secret';

  // Signed in on another device before the reset.
  const oldSession = await anotherBrowser(person, '/my-ruminations');
  await expect(oldSession.getByRole('button', { name: 'New Rumination' })).toBeVisible();

  // Asking for a reset link from the sign-in view.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('button', { name: 'Send another email' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Login' })).toBeVisible();

  // The link in the email leads to the reset form.
  await page.goto(await app.emailLink('reset-password', person.username, person.email));
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill('not the same');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await page.getByRole('link', { name: 'Continue to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer works; the new one does.
  await fillSignIn(page, person.username, person.password);
  await expect(page.getByText('Invalid username or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await fillSignIn(page, person.username, newPassword);
  await expect(page).toHaveURL(/\/my-ruminations$/);

  // The session on the other device has ended.
  await oldSession.reload();
  await expect(oldSession).toHaveURL(/\/login$/);
  await expect(oldSession.getByRole('button', { name: 'New Rumination' })).toHaveCount(0);
  await oldSession.context().close();
});

test('a reset link without a token says the link is invalid', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByText('Invalid reset link. No token provided.')).toBeVisible();
});
