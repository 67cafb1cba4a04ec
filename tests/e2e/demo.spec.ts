import { expect, test } from './support/fixtures';
import { fillSignIn } from './support/ui';

/** The demo build (`vite build --mode demo`): the SPA alone, MSW answering /api in the browser. */
function demoURL(): string {
  const url = process.env.E2E_DEMO_URL;
  if (!url)
    throw new Error(
      `The demo build failed in the global setup:\n${process.env.E2E_DEMO_ERROR ?? '(no details)'}`,
    );
  return url;
}

test('demo mode: the login screen lists demo people; one signs in and sees their feed', async ({
  page,
}) => {
  const base = demoURL();
  await page.goto(`${base}/login`);

  const credentials = page.getByRole('region', { name: 'Demo accounts' });
  await expect(credentials).toBeVisible();
  const password = (await credentials.locator('p code').first().textContent())?.trim() ?? '';
  const usernames = (await credentials.getByRole('listitem').locator('code').allTextContents()).map(
    (u) => u.trim(),
  );
  expect(password).not.toBe('');
  expect(usernames.length).toBeGreaterThan(1);
  const [person] = usernames as [string, ...string[]];

  await fillSignIn(page, person, password);
  await expect(page).toHaveURL(/\/my-ruminations$/);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'My Feed' })
    .click();
  await expect(page).toHaveURL(/\/my-feed$/);
  // The URL changes before the new screen replaces the old one: wait for the feed itself.
  await expect(page.getByRole('heading', { name: 'My Feed', level: 1 })).toBeVisible();

  // Their feed has other people's ruminations, from the demo seed.
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const authors = await cards.evaluateAll((articles) =>
    articles
      .map((a) => a.getAttribute('aria-labelledby'))
      .map((id) => (id ? document.getElementById(id)?.textContent?.trim() : '')),
  );
  expect(authors.length).toBeGreaterThan(0);
  expect(authors).not.toContain(person);
  for (const author of authors) expect(usernames).toContain(author);

  // A demo person can write, too: the mock backend keeps it.
  await page.goto(`${base}/my-ruminations`);
  await page.getByRole('button', { name: 'New Rumination' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Rumination' });
  await dialog.getByPlaceholder("What's on your mind?").fill('Written in the demo');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article').filter({ hasText: 'Written in the demo' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('article').filter({ hasText: 'Written in the demo' })).toBeVisible();
});
