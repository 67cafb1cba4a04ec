import type { Page } from '@playwright/test';
import { expect, signInAs, test } from './support/fixtures';

function isDark(page: Page) {
  return page.evaluate(() => document.documentElement.classList.contains('dark'));
}

test('the theme toggle switches between dark and light and persists over a reload', async ({
  page,
  createUser,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signInAs(page, await createUser('themer'), '/my-ruminations');
  await expect.poll(() => isDark(page)).toBe(false);
  const background = await page.evaluate(
    () => getComputedStyle(document.documentElement).backgroundColor,
  );

  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect.poll(() => isDark(page)).toBe(true);
  // The page really changes colour, not only a class.
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor))
    .not.toBe(background);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  expect(await isDark(page)).toBe(true);

  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect.poll(() => isDark(page)).toBe(false);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  expect(await isDark(page)).toBe(false);
});

test('with no choice made, the theme follows the system colour scheme, live', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/public');
  await expect.poll(() => isDark(page)).toBe(true);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => isDark(page)).toBe(false);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => isDark(page)).toBe(true);
});
