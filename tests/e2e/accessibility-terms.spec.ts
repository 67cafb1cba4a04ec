import { inBothThemes } from './support/axe';
import { expect, signInAs, test } from './support/fixtures';

// Publishing terms makes every person accept again: a server of their own (see terms.spec.ts).
test.use({ isolatedServer: true });

test.describe('terms screens', () => {
  test('updated-terms modal and the acceptance screen', async ({ page, app, createUser }) => {
    const person = await createUser('terms');
    await app.publishTerms('# Terms\n\n## 1. Acceptance\n\nA newer version of the terms.\n');
    await signInAs(page, person, '/public');
    await inBothThemes(page, 'updated-terms modal', async () => {
      await page.goto('/public');
      await expect(page.getByRole('dialog', { name: 'Updated Terms of Service' })).toBeVisible();
    });
    await inBothThemes(page, '/terms-acceptance', async () => {
      await page.goto('/terms-acceptance');
      await expect(
        page.getByRole('heading', { name: 'Terms of Service Update Required' }),
      ).toBeVisible();
    });
  });
});
