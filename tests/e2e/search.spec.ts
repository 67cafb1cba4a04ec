import type { Page } from '@playwright/test';
import { inBothThemes } from './support/axe';
import { expect, signInAs, test } from './support/fixtures';
import { createRuminationViaApi, ruminationCard, showMyRuminations } from './support/ui';

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search my ruminations' });

test('with 30 notes, one is found by a word in its middle, by the start of a word, and with an accent typed without it', async ({
  page,
  request,
  createUsers,
}) => {
  // 32 notes written through the API and axe in both themes on two screens: 44 s on an idle
  // machine, past the 45 s default on CI's loaded one.
  test.setTimeout(90_000);
  const [maya, leo] = await createUsers('maya', 'leo');
  for (let i = 1; i <= 29; i += 1) {
    await createRuminationViaApi(request, maya, `Note ${i}: the usual morning walk and coffee.`);
  }
  const needle = 'We met at the Café Lumière and talked about the lighthouse until late.';
  await createRuminationViaApi(request, maya, needle);
  // Leo's note holds the same words: it must never show up in maya's search.
  await createRuminationViaApi(request, leo, 'Café Lumière, lighthouse, talked, from leo');
  await createRuminationViaApi(request, maya, 'A draft about the lighthouse', { publish: false });

  await signInAs(page, maya, '/my-ruminations');
  await expect(ruminationCard(page, 'Note 29:')).toBeVisible();

  // A word in the middle of the note.
  await searchBox(page).fill('talked');
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('article')).toHaveCount(1);
  await expect(results.getByRole('article')).toContainText('We met at the Café Lumière');
  await expect(page).toHaveURL(/[?&]q=talked/);

  // The start of a word, and the accents typed without them.
  await searchBox(page).fill('lumie caf');
  await expect(results.getByRole('article')).toHaveCount(1);
  await expect(results.locator('mark')).toHaveText(['Café', 'Lumière']);
  await expect(results).not.toContainText('from leo');

  // Reload and back keep the search.
  await page.reload();
  await expect(searchBox(page)).toHaveValue('lumie caf');
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('article')).toHaveCount(
    1,
  );

  // Within Drafts, the draft; nothing found offers a way back.
  await searchBox(page).fill('lighthouse');
  await showMyRuminations(page, 'Drafts');
  await expect(page.getByRole('list', { name: 'Search results' })).toContainText(
    'A draft about the lighthouse',
  );
  await searchBox(page).fill('nothing like this');
  await expect(page.getByText('No ruminations match')).toBeVisible();
  await inBothThemes(page, 'My Ruminations, no match', async () => {});
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(searchBox(page)).toHaveValue('');
  await expect(ruminationCard(page, 'A draft about the lighthouse')).toBeVisible();

  // Highlighted results pass axe in both themes.
  await showMyRuminations(page, 'Published');
  await searchBox(page).fill('coffee');
  await expect(
    page.getByRole('list', { name: 'Search results' }).locator('mark').first(),
  ).toBeVisible();
  await inBothThemes(page, 'My Ruminations, search results', async () => {});
});
