import type { Page } from '@playwright/test';
import type { TestUser } from '../server/support/test-users';
import { expect, signInAs, test, type AppServer } from './support/fixtures';
import { fillSignIn } from './support/ui';

// Publishing terms makes every person accept again: these tests get a server of their own.
test.use({ isolatedServer: true });

const TERMS = `# Terms of Service

## 1. Acceptance
By using the product you accept these terms.

## 2. Changes
We now say it more plainly: **be kind**.
`;

/**
 * A reader signs in through the form once new terms are out, and lands on the acceptance screen.
 * Returns the new version.
 */
async function signInAfterNewTerms(
  page: Page,
  app: AppServer,
  createUser: (prefix: string) => Promise<TestUser>,
): Promise<string> {
  const person = await createUser('reader');
  const version = await app.publishTerms(TERMS);
  await page.goto('/login');
  await fillSignIn(page, person.username, person.password);
  await expect(page).toHaveURL(/\/terms-acceptance$/);
  return version;
}

test('terms published while a person is signed in: the modal appears, and accepting closes it for good', async ({
  page,
  app,
  createUser,
}) => {
  const person = await createUser('reader');
  await signInAs(page, person, '/public');
  await expect(page.getByRole('button', { name: 'New Rumination' })).toBeEnabled();
  await expect(page.getByRole('dialog', { name: 'Updated Terms of Service' })).toHaveCount(0);

  const version = await app.publishTerms(TERMS);
  await page.reload();

  const modal = page.getByRole('dialog', { name: 'Updated Terms of Service' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(
    `Our Terms of Service have been updated (Version ${version}). Please review and accept the new terms to continue using the product.`,
  );
  await expect(modal.getByRole('link', { name: 'Review Terms' })).toHaveAttribute(
    'target',
    '_blank',
  );
  // Writing waits for acceptance (the button sits behind the modal, hidden from the a11y tree).
  await expect(page.locator('nav button', { hasText: 'New Rumination' })).toBeDisabled();
  // It cannot be dismissed: acceptance is required to continue.
  await page.keyboard.press('Escape');
  await expect(modal).toBeVisible();

  await modal.getByRole('button', { name: 'Accept Terms' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('button', { name: 'New Rumination' })).toBeEnabled();
  await page.reload();
  await expect(page.getByRole('button', { name: 'New Rumination' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Updated Terms of Service' })).toHaveCount(0);
});

test('signing in after new terms leads to the acceptance screen; the box must be ticked; accepting continues', async ({
  page,
  app,
  createUser,
}) => {
  const version = await signInAfterNewTerms(page, app, createUser);
  await expect(
    page.getByRole('heading', { name: 'Terms of Service Update Required' }),
  ).toBeVisible();
  await expect(page.getByText('be kind')).toBeVisible();
  const box = page.getByRole('checkbox', {
    name: `I have read, understood, and agree to be bound by these Terms of Service (Version ${version}).`,
  });
  await expect(box).not.toBeChecked();

  // Protected screens send them back here until they accept.
  await page.goto('/my-ruminations');
  await expect(page).toHaveURL(/\/terms-acceptance$/);

  // Unticked, the screen alerts (an ARIA alert, read out by screen readers) and stays.
  await page.getByRole('button', { name: 'Accept and Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Please check the acceptance checkbox before proceeding.',
  );
  await expect(page).toHaveURL(/\/terms-acceptance$/);

  await box.check();
  await page.getByRole('button', { name: 'Accept and Continue' }).click();
  await expect(page).toHaveURL(/\/my-ruminations$/);
  await expect(page.getByRole('button', { name: 'New Rumination' })).toBeEnabled();
  await expect(page.getByRole('dialog', { name: 'Updated Terms of Service' })).toHaveCount(0);
});

test('Decline and Logout on the acceptance screen signs the person out', async ({
  page,
  app,
  createUser,
}) => {
  await signInAfterNewTerms(page, app, createUser);
  await expect(page.getByText(/declin\w+ .*log\w* .*out/i).first()).toBeVisible();
  await page.getByRole('button', { name: 'Decline and Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/my-ruminations');
  await expect(page).toHaveURL(/\/login$/);
});

test('when the terms cannot be loaded, the acceptance screen says so and offers Logout', async ({
  page,
  app,
  createUser,
}) => {
  await page.route('**/api/TermsOfService/current', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/problem+json',
      body: '{"title":"Down","status":503,"type":"about:blank"}',
    }),
  );

  await signInAfterNewTerms(page, app, createUser);
  // Queries may retry a few times first.
  await expect(
    page.getByText('Failed to load Terms of Service. Please try again later.'),
  ).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
