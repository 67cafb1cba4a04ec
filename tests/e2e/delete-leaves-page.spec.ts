import type { APIRequestContext, Page } from '@playwright/test';
import type { TestUser } from '../server/support/test-users';
import { expect, signInAs, test } from './support/fixtures';
import { commentViaApi, createRuminationViaApi, waitForServiceWorker } from './support/ui';

// This file is about what the service worker serves offline: a fresh browser context for each test,
// not the worker's reused one (playwright.config.ts, reuseContext): a service worker unregistered
// by the reset may still answer the next test's page without controlling it.
test.use({ reuseContext: false, serviceWorkers: 'allow' });

/**
 * A note deleted on its own page leaves it (issue 39: it stayed, editable, with a live comment
 * box), online and from offline, with the notice and Undo a list gives; and an address that leads
 * nowhere answers 404, with the app's "Page not found", while a note's address answers 200.
 */

async function isTrashed(request: APIRequestContext, user: TestUser, id: number) {
  const response = await request.get('/api/ruminations/trash?Limit=100', {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id: number }[]).some((note) => note.id === id);
}

/** Her note's page, with its comment box: what the delete must take her away from. */
async function openNotePage(page: Page, user: TestUser, id: number, content: string) {
  await signInAs(page, user, `/rumination/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: /^Rumination by/ })).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: content });
  await expect(card.getByRole('region', { name: 'Comments' })).toBeVisible();
  return card;
}

async function confirmDelete(page: Page, card: ReturnType<Page['getByRole']>) {
  await card.getByRole('button', { name: 'Delete rumination' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete rumination?' });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  return confirm;
}

test('deleted on its own page, a note leaves it for My Ruminations; Undo brings it back there', async ({
  page,
  request,
  createUsers,
}) => {
  const [amira, karim] = await createUsers('amira', 'karim');
  const content = `Said too much, says ${amira.username}`;
  const { id } = await createRuminationViaApi(request, amira, content);
  await commentViaApi(request, karim, { ruminationId: id }, 'I read it');

  const card = await openNotePage(page, amira, id, content);
  const confirm = await confirmDelete(page, card);
  await expect(confirm).toBeHidden();

  await expect(page).toHaveURL(/\/my-ruminations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Ruminations' })).toBeVisible();
  const notice = page.getByRole('status').filter({ hasText: 'Moved to the trash' });
  await expect(notice).toBeVisible();
  await expect(page.getByText(content)).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: /comment/i })).toHaveCount(0);
  expect(await isTrashed(request, amira, id)).toBe(true);

  await notice.getByRole('button', { name: 'Undo' }).click();
  await expect(page).toHaveURL(new RegExp(`/rumination/${id}$`));
  await expect(page.getByRole('article').filter({ hasText: content })).toBeVisible();
  await expect(page.getByText('I read it')).toBeVisible();
  expect(await isTrashed(request, amira, id)).toBe(false);
});

test('deleted offline on its own page, it leaves once the delete has gone through', async ({
  page,
  context,
  request,
  createUser,
}) => {
  const amira = await createUser('amira');
  const content = `Written on a train by ${amira.username}`;
  const { id } = await createRuminationViaApi(request, amira, content);

  const card = await openNotePage(page, amira, id, content);
  await waitForServiceWorker(page);
  await context.setOffline(true);
  const confirm = await confirmDelete(page, card);
  // Nothing can reach the server yet: the note stays, and so does its page; the dialog says why.
  await expect(confirm.getByRole('status')).toHaveText(
    'You are offline. It will be moved to the trash once you are back online.',
  );
  await expect(page).toHaveURL(new RegExp(`/rumination/${id}$`));
  expect(await isTrashed(request, amira, id)).toBe(false);

  await context.setOffline(false);
  await expect(page).toHaveURL(/\/my-ruminations$/);
  const notice = page.getByRole('status').filter({ hasText: 'Moved to the trash' });
  await expect(notice).toBeVisible();
  await expect(page.getByText(content)).toHaveCount(0);
  expect(await isTrashed(request, amira, id)).toBe(true);
  await notice.getByRole('button', { name: 'Undo' }).click();
  await expect(page).toHaveURL(new RegExp(`/rumination/${id}$`));
  await expect(page.getByRole('article').filter({ hasText: content })).toBeVisible();
});

test('an address that leads nowhere answers 404 with "Page not found"; a note’s answers 200', async ({
  page,
  request,
  createUser,
}) => {
  const amira = await createUser('amira');
  const { id } = await createRuminationViaApi(request, amira, `Here, says ${amira.username}`);

  const lost = await page.goto('/ruminations/no-such-page');
  expect(lost?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Public Ruminations' })).toBeVisible();

  const found = await page.goto(`/rumination/${id}`);
  expect(found?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: /^Rumination by/ })).toBeVisible();

  // Once the service worker answers navigations from its copy of the app, it says the same.
  await waitForServiceWorker(page);
  const lostAgain = await page.goto('/no/such/page');
  expect(lostAgain?.fromServiceWorker()).toBe(true);
  expect(lostAgain?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  const foundAgain = await page.goto(`/rumination/${id}`);
  expect(foundAgain?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: /^Rumination by/ })).toBeVisible();
});
