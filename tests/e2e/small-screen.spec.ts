import { expect, signInAs, test } from './support/fixtures';
import { newRuminationDialog } from './support/ui';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('on a small screen the signed-in actions sit in an overflow menu that works', async ({
  page,
  createUser,
}) => {
  await signInAs(page, await createUser('mobile'), '/my-ruminations');
  // The bar itself no longer shows them.
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeHidden();

  const menuButton = page.getByRole('button', { name: /menu|more/i });
  await menuButton.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'New Rumination' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: /theme/i })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();

  // New Rumination from the menu opens the dialog.
  await menu.getByRole('menuitem', { name: 'New Rumination' }).click();
  await expect(newRuminationDialog(page)).toBeVisible();
  await newRuminationDialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(newRuminationDialog(page)).toBeHidden();

  // The theme item switches the theme.
  await menuButton.click();
  await page.getByRole('menuitem', { name: /theme/i }).click();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
    .toBe(true);

  // Escape closes the menu and gives focus back to its button.
  await menuButton.click();
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(menuButton).toBeFocused();

  // Sign Out from the menu.
  await menuButton.click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
