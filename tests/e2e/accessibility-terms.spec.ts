import { inBothThemes, visitInBothThemes } from './support/axe';
import { expect, signInAs, test } from './support/fixtures';

// Publishing terms makes every person accept again: a server of their own (see terms.spec.ts).
test.use({ isolatedServer: true });
test.describe.configure({ timeout: 90_000 });

test.describe('terms screens', () => {
  test('updated-terms modal and the acceptance screen', async ({ page, app, createUser }) => {
    const person = await createUser('terms');
    await app.publishTerms('# Terms\n\n## 1. Acceptance\n\nA newer version of the terms.\n');
    await signInAs(page, person, '/public');
    const modal = page.getByRole('dialog', { name: 'Updated Terms of Service' });
    const screen = page.getByRole('heading', { name: 'Terms of Service Update Required' });
    await visitInBothThemes(page, [
      ['updated-terms modal', '/public', modal],
      ['/terms-acceptance', '/terms-acceptance', screen],
    ]);
  });

  test('the acceptance screen when the terms cannot be loaded', async ({
    page,
    app,
    createUser,
  }) => {
    const person = await createUser('terms');
    await app.publishTerms('# Terms\n\n## 1. Acceptance\n\nYet another version.\n');
    await page.route('**/api/TermsOfService/current', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }),
    );
    await signInAs(page, person, '/terms-acceptance');
    await inBothThemes(page, '/terms-acceptance load error', async () => {
      await expect(
        page.getByText('Failed to load Terms of Service. Please try again later.'),
      ).toBeVisible({ timeout: 20_000 });
    });
  });
});
