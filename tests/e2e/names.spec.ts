import type { Page } from '@playwright/test';
import { inBothThemes } from './support/axe';
import { expect, signInAs, test } from './support/fixtures';

/** Settings → Profile: sets the display name (and a bio) and waits for "Saved". */
async function setProfile(page: Page, displayName: string, bio: string) {
  await page.goto('/settings');
  const profile = page.getByRole('region', { name: 'Profile' });
  const name = profile.getByRole('textbox', { name: 'Display name' });
  // The form is filled from the account first: typing before that would be overwritten.
  await expect(name).not.toHaveValue('');
  await name.fill(displayName);
  await profile.getByRole('textbox', { name: 'Bio' }).fill(bio);
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(profile.getByRole('status')).toHaveText('Saved');
}

test('José names himself in Settings → Profile; مريم finds him by typing "jose", and her name reads right to left', async ({
  page,
  createUsers,
  anotherBrowser,
}) => {
  // Two people in two browsers, and axe on two screens in both themes: about 35 s alone, past the
  // 45 s default when the machine runs other journeys beside it.
  test.setTimeout(120_000);
  // Neither username says "jose": only his display name can be found by it.
  const [gardener, reader] = await createUsers('gardener', 'reader');

  await signInAs(page, gardener, '/settings');
  await setProfile(page, 'José Núñez 🌻', 'Sunflowers\nand slow mornings');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'José Núñez 🌻' })).toBeVisible();
  await inBothThemes(page, 'Settings with the Profile section', async () => {
    await expect(page.getByRole('region', { name: 'Profile' })).toBeVisible();
  });

  // The bar keeps within the screen with the name on it, and below 1200 px in the menu.
  for (const width of [900, 1200, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expect
      .poll(() =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      )
      .toBe(0);
  }

  const other = await anotherBrowser(reader, '/settings');
  await setProfile(other, 'مريم', 'أكتب كل صباح');
  const herName = other.getByRole('navigation', { name: 'Main' }).getByText('مريم', {
    exact: true,
  });
  await expect(herName).toHaveAttribute('dir', 'auto');
  expect(await herName.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');

  await other.goto('/people');
  await other.getByRole('searchbox', { name: 'Find people by name' }).fill('jose');
  const found = other
    .getByRole('list', { name: 'Search results' })
    .getByRole('listitem')
    .filter({ hasText: gardener.username });
  await expect(found).toContainText('José Núñez 🌻');
  await expect(found.getByRole('link', { name: /José Núñez 🌻/ })).toContainText(
    `@${gardener.username}`,
  );

  // José opens her profile: her name is its heading, right-aligned as Arabic reads.
  await page.goto(`/user/${reader.id}`);
  const heading = page.getByRole('heading', { level: 1, name: 'مريم' });
  await expect(heading).toHaveAttribute('dir', 'auto');
  const layout = await heading.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const text = range.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return {
      direction: getComputedStyle(el).direction,
      fromRight: box.right - text.right,
      fromLeft: text.left - box.left,
    };
  });
  expect(layout.direction).toBe('rtl');
  expect(layout.fromRight).toBeLessThan(1);
  expect(layout.fromLeft).toBeGreaterThan(layout.fromRight);
  await expect(page.getByText(`@${reader.username}`)).toBeVisible();
  await expect(page.getByText('أكتب كل صباح')).toHaveAttribute('dir', 'auto');
  await inBothThemes(page, 'a profile with an Arabic name and bio', async () => {
    await expect(heading).toBeVisible();
  });
});
