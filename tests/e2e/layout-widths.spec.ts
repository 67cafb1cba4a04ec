import type { Locator, Page } from '@playwright/test';
import type { TestUser } from '../server/support/test-users';
import { expect, signInAs, test } from './support/fixtures';
import { inBothThemes, THEMES } from './support/axe';
import { openOverflowMenu } from './support/ui';

/*
 * The bar at the widths people use (issue 39): at 1280 px it cut the name ("Carlos Ib…") and
 * wrapped "My / Ruminations" onto two lines; on a phone My Feed hid behind the menu. Measured in
 * Chromium, in both themes: every label of the bar on one line, the page no wider than the
 * screen, the name whole where the bar shows it, My Feed one tap away at every width.
 */

const NAME = 'Carlos Ibáñez Domínguez';

async function named(page: Page, user: TestUser, displayName: string): Promise<void> {
  const answer = await page.request.put('/api/account/profile', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: { displayName, bio: '' },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** The labels of the bar's visible links and buttons that run onto more than one line. */
function wrappedLabels(nav: Locator): Promise<string[]> {
  return nav.evaluate((root) => {
    /** Whether a piece of text lies on more than one line: its boxes start at different heights. */
    const wraps = (text: Node) => {
      const range = document.createRange();
      range.selectNodeContents(text);
      const tops = [...range.getClientRects()].map((r) => Math.round(r.top));
      return tops.length > 1 && Math.max(...tops) - Math.min(...tops) > 2;
    };
    return [...root.querySelectorAll('a, button')]
      .filter((el) => el.getClientRects().length > 0)
      .filter((el) => {
        const texts = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let text = texts.nextNode(); text; text = texts.nextNode()) {
          if (wraps(text)) return true;
        }
        return false;
      })
      .map((el) => (el.textContent ?? '').trim());
  });
}

/** How far the page runs past the screen's right edge, in pixels (0: it does not). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** Whether the element shows the whole of its text (nothing cut off with an ellipsis). */
function shownWhole(text: Locator): Promise<boolean> {
  return text.evaluate((el) => el.scrollWidth <= el.clientWidth);
}

async function setTheme(page: Page, theme: (typeof THEMES)[number]): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
    .toBe(theme === 'dark');
}

test('on a desktop the bar keeps every label on one line and the whole name, at 1024, 1280 and 1440 px', async ({
  page,
  createUser,
}) => {
  const carlos = await createUser('carlos');
  await named(page, carlos, NAME);
  await signInAs(page, carlos, '/my-ruminations');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'My Ruminations' })).toBeVisible();
  for (const theme of THEMES) {
    await setTheme(page, theme);
    for (const width of [1024, 1280, 1440]) {
      const where = `${width} px, ${theme}`;
      await page.setViewportSize({ width, height: 800 });
      // Polled: the bar rearranges itself once the media queries have answered.
      await expect.poll(() => overflow(page), { message: where }).toBe(0);
      await expect.poll(() => wrappedLabels(nav), { message: where }).toEqual([]);
      await expect(nav.getByRole('link', { name: 'My Ruminations' }), where).toBeVisible();
      await expect(nav.getByRole('link', { name: 'My Feed' }), where).toBeVisible();
      const name = nav.getByRole('link', { name: NAME });
      if (width >= 1280) {
        await expect(name, where).toBeVisible();
        expect(await shownWhole(name.getByText(NAME)), where).toBe(true);
      } else {
        // Narrower, the name is the first item of the menu, whole.
        const menu = await openOverflowMenu(page);
        await expect(menu.getByRole('menuitem').first(), where).toHaveText(NAME);
        await page.keyboard.press('Escape');
      }
    }
  }
  // The menu that holds Settings and Trash at 1280 px reads well in both themes.
  await inBothThemes(page, 'the bar with its menu open at 1280 px', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const menu = await openOverflowMenu(page);
    await expect(menu.getByRole('menuitem')).toHaveText(['Settings', 'Trash']);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('My Feed and My Ruminations are one tap away on the bar, every label on one line', async ({
    page,
    createUser,
  }) => {
    const carlos = await createUser('carlos');
    await named(page, carlos, NAME);
    await signInAs(page, carlos, '/my-ruminations');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const theme of THEMES) {
      await setTheme(page, theme);
      await expect(nav.getByRole('link', { name: 'My Feed' }), theme).toBeVisible();
      await expect(nav.getByRole('link', { name: 'My Ruminations' }), theme).toBeVisible();
      await expect(nav.getByRole('button', { name: 'New Rumination' }), theme).toBeVisible();
      await expect.poll(() => overflow(page), { message: theme }).toBe(0);
      await expect.poll(() => wrappedLabels(nav), { message: theme }).toEqual([]);
    }
    await nav.getByRole('link', { name: 'My Feed' }).tap();
    await expect(page).toHaveURL(/\/my-feed$/);
    await expect(page.getByRole('heading', { name: 'My Feed', level: 1 })).toBeVisible();
    await nav.getByRole('link', { name: 'My Ruminations' }).tap();
    await expect(page).toHaveURL(/\/my-ruminations$/);
  });
});
