import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * axe-core checks: zero violations of its default rule set (WCAG 2 A and AA plus best practices),
 * in the light and the dark theme.
 */

export const THEMES = ['light', 'dark'] as const;

export async function expectNoViolations(page: Page, what: string) {
  // Colour transitions must be over before contrast is measured.
  await page.waitForTimeout(150);
  // Legacy mode runs axe.run() in the page itself. The default runs axe in each frame and then
  // finishes in a blank page that it opens and closes; for an app with no frames that was about
  // half of each check's cost. Only violations are asked for: the passes, with every node they
  // matched, are computed and sent back for nothing.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const summary = results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} :: ${n.failureSummary ?? ''}`),
  }));
  expect(summary, `axe violations on ${what}`).toEqual([]);
}

/**
 * Brings the page into a state once (light), checks it, then switches the emulated system colour
 * scheme to dark (the app follows it live) and checks again.
 */
export async function inBothThemes(page: Page, what: string, prepare: () => Promise<void>) {
  await page.emulateMedia({ colorScheme: 'light' });
  await prepare();
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains('dark')))
      .toBe(theme === 'dark');
    await expectNoViolations(page, `${what} (${theme})`);
  }
}

/** A screen that a visit alone shows: its name in reports, its path, and what shows it is ready. */
export type VisitedScreen = [what: string, path: string, shown: Locator];

/** inBothThemes for each screen in turn: opens its path and waits until `shown` is visible. */
export async function visitInBothThemes(page: Page, screens: readonly VisitedScreen[]) {
  for (const [what, path, shown] of screens) {
    await inBothThemes(page, what, async () => {
      await page.goto(path);
      await expect(shown).toBeVisible();
    });
  }
}

/**
 * The contrast ratio (WCAG 2) of an element's text against its own background. For disabled
 * controls, which axe leaves out on purpose but which people still have to read.
 */
export async function textContrastOf(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const luminance = (css: string) => {
        const [r, g, b] = rgb(css).map((v) => {
          const c = v / 255;
          return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const style = getComputedStyle(el);
      if (Number(style.opacity) < 1) return 1; // faded: the ratio below would be a lie
      const [a, b] = [luminance(style.color), luminance(style.backgroundColor)];
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    });
}
