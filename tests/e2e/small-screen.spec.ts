import { expect, signInAs, test } from './support/fixtures';
import { newRuminationDialog } from './support/ui';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('on a small screen the signed-in actions sit in an overflow menu that works', async ({
  page,
  createUser,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const mobile = await createUser('mobile');
  await signInAs(page, mobile, '/my-ruminations');
  const nav = page.getByRole('navigation', { name: 'Main' });
  // The bar itself no longer shows them; New Rumination stays (it opens a dialog), and so do the
  // person's own pages, one tap away.
  await expect(nav.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'My Ruminations' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'My Feed' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'New Rumination' })).toBeVisible();

  const menuButton = nav.getByRole('button', { name: 'Open menu' });
  await menuButton.click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText([
    // Who is signed in (their display name, here still their username), to their profile.
    mobile.username,
    'People',
    'Notifications',
    'Settings',
    'Trash',
    'Switch to dark theme',
    'Sign Out',
  ]);

  // Navigating from the menu.
  await menu.getByRole('menuitem', { name: 'People' }).click();
  await expect(page).toHaveURL(/\/people$/);
  await expect(menu).toBeHidden();

  // The theme item switches the theme.
  await menuButton.click();
  await page.getByRole('menuitem', { name: 'Switch to dark theme' }).click();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
    .toBe(true);

  // Escape closes the menu and gives focus back to its button.
  await menuButton.click();
  await expect(page.getByRole('menuitem', { name: 'Switch to light theme' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(menuButton).toBeFocused();

  // New Rumination on the bar still opens the dialog, which fits the screen.
  await nav.getByRole('button', { name: 'New Rumination' }).click();
  const dialog = newRuminationDialog(page);
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // Sign Out from the menu.
  await menuButton.click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
