import fs from 'node:fs';
import path from 'node:path';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import type { Page, TestInfo } from '@playwright/test';
import { formatMessage, type CompiledMessage } from '../../src/api/compiled-messages';
import { expectNoViolations } from './support/axe';
import { expect, signInAs, test } from './support/fixtures';
import {
  newRuminationDialog,
  relateViaApi,
  ruminationCard,
  savePreferencesViaApi,
} from './support/ui';

/**
 * The main path in Spanish and in Arabic, as a browser set to that language gets it (issue 44,
 * api-contract.md "Languages"): the sign-in page, a refusal the server words in the language, the
 * composer and a card, each with axe at zero violations, Arabic laid out right to left. What each
 * screen must say is read from the compiled catalogues (src/locales/<language>.json), so a
 * translation may change without this file; that it is not English is checked too.
 *
 * `SCREENSHOTS=1 npx playwright test languages` also saves each screen in docs/screenshots/.
 */

// Each test's browser speaks its own language: a fresh context with that locale (its
// navigator.languages and Accept-Language), not the worker's reused one.
test.use({ reuseContext: false });
test.describe.configure({ timeout: 90_000 });

type Language = 'es' | 'ar';

function catalogue(language: Language): Record<string, CompiledMessage> {
  const file = path.resolve('src/locales', `${language}.json`);
  return (
    JSON.parse(fs.readFileSync(file, 'utf8')) as { messages: Record<string, CompiledMessage> }
  ).messages;
}

/** `english` as the language's catalogue says it; fails when the catalogue has no entry. */
function translator(language: Language) {
  const messages = catalogue(language);
  return (english: string, values?: Record<string, string | number>): string => {
    const entry = messages[generateMessageId(english)];
    expect(entry, `"${english}" in the ${language} catalogue`).toBeDefined();
    const text = formatMessage(entry ?? english, values, language);
    expect(text, `"${english}" translated into ${language}`).not.toBe(english);
    return text;
  };
}

async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = process.env.SCREENSHOTS
    ? path.resolve('docs/screenshots', `${name}.png`)
    : testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file });
}

const BROWSERS: Record<Language, string> = { es: 'es-ES', ar: 'ar-EG' };

for (const language of ['es', 'ar'] as const) {
  test.describe(`a browser set to ${BROWSERS[language]}`, () => {
    test.use({ locale: BROWSERS[language], viewport: { width: 1024, height: 768 } });

    test('signs in, writes and reads in its language', async ({
      page,
      request,
      createUsers,
    }, testInfo) => {
      const tr = translator(language);
      const direction = language === 'ar' ? 'rtl' : 'ltr';
      await page.emulateMedia({ colorScheme: 'light' });

      // The sign-in page, before anyone chose anything: the browser's language.
      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('html')).toHaveAttribute('dir', direction);
      await expect(page.getByRole('button', { name: tr('Sign In'), exact: true })).toBeVisible();
      await expect(page.getByLabel(tr('Username or email'))).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(tr('Sign in')));
      // A refusal: the server's own title, in the language of the request.
      await page.getByLabel(tr('Username or email')).fill('nobody-here');
      await page.getByLabel(tr('Password'), { exact: true }).fill('not the password');
      await page.getByRole('button', { name: tr('Sign In'), exact: true }).click();
      await expect(page.getByRole('alert')).toContainText(tr('Invalid username or password'));
      await expectNoViolations(page, `/login in ${language}`);
      await screenshot(page, testInfo, `languages-${language}-sign-in`);

      if (language === 'ar') {
        // Mirrored: the bar starts on the right (its first link, the logo, is right of centre).
        const logo = page.getByRole('navigation').getByRole('link').first();
        const box = await logo.boundingBox();
        expect(box && box.x > 512).toBe(true);
      }

      // Signed in: the composer, its audience chosen by default (Family, who is there).
      const [writer, sister] = await createUsers(`${language}writer`, `${language}sister`);
      await relateViaApi(request, writer, sister, 'Family');
      await savePreferencesViaApi(request, writer, { defaultAudiences: ['Family'] });
      await signInAs(page, writer, '/my-ruminations');
      await expect(page.getByRole('heading', { name: tr('My Ruminations') })).toBeVisible();
      await page.getByRole('button', { name: tr('New Rumination') }).click();
      const composer = page.getByRole('dialog', { name: tr('New Rumination') });
      await expect(composer).toBeVisible();
      await composer.getByRole('textbox').first().fill(`Hoy caminamos juntos ${language}`);
      await expect(composer.getByRole('button', { name: tr('Publish') })).toBeVisible();
      await expectNoViolations(page, `the composer in ${language}`);
      await screenshot(page, testInfo, `languages-${language}-composer`);
      await composer.getByRole('button', { name: tr('Publish') }).click();
      await expect(newRuminationDialog(page)).toBeHidden();

      // The card: its audience and its date in the language, nothing in English beside them.
      const card = ruminationCard(page, `Hoy caminamos juntos ${language}`);
      await expect(card).toBeVisible();
      await expect(card).toContainText(tr('Family'));
      const when = await card.locator('time').first().textContent();
      expect(when ?? '').not.toMatch(
        /\b(ago|just now|AM|PM|Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/,
      );
      await expectNoViolations(page, `My Ruminations in ${language}`);
      await screenshot(page, testInfo, `languages-${language}-card`);
    });
  });
}

test.describe('a browser set to en-US', () => {
  test.use({ locale: 'en-US' });

  test("reads the spec's English", async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(page.getByLabel('Username or email')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
  });
});
