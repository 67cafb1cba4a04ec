import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * axe-core checks: zero violations of its default rule set (WCAG 2 A and AA plus best practices),
 * in the light and the dark theme.
 */

export const THEMES = ['light', 'dark'] as const;

export async function expectNoViolations(page: Page, what: string) {
  // Colour transitions must be over before contrast is measured.
  await page.waitForTimeout(150);
  const results = await new AxeBuilder({ page }).analyze();
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
