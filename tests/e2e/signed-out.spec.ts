import { expect, test } from './support/fixtures';
import { createRuminationViaApi, findInSharedList, ruminationCard } from './support/ui';

test('a visitor reads the public page and a profile, and is sent to sign in for private screens', async ({
  page,
  request,
  createUser,
}) => {
  const author = await createUser('author');
  const open = `Open thoughts of ${author.username}`;
  const draft = `Unfinished thoughts of ${author.username}`;
  const family = `Family thoughts of ${author.username}`;
  await createRuminationViaApi(request, author, open);
  await createRuminationViaApi(request, author, draft, { publish: false });
  await createRuminationViaApi(request, author, family, { audiences: ['Family'] });

  await page.goto('/');
  await expect(page).toHaveURL(/\/public$/);
  await findInSharedList(page, open);
  await expect(page.getByText(draft)).toHaveCount(0);
  await expect(page.getByText(family)).toHaveCount(0);
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: 'Public', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'My Ruminations' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'My Feed' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New Rumination' })).toHaveCount(0);

  // The author's name leads to their profile: name, count, their public ruminations, no relations.
  await ruminationCard(page, open).getByRole('link', { name: author.username }).click();
  await expect(page).toHaveURL(new RegExp(`/user/${author.id}$`));
  await expect(page.getByRole('heading', { name: author.username })).toBeVisible();
  await expect(page.getByText('1 public rumination', { exact: true })).toBeVisible();
  // A visitor sees public ruminations only: no All Visible to offer.
  await expect(page.getByRole('link', { name: 'All Visible' })).toHaveCount(0);
  await expect(ruminationCard(page, open)).toBeVisible();
  await expect(page.getByText(family)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Relations' })).toHaveCount(0);

  await page.goto('/user');
  await expect(page.getByText('Invalid user ID')).toBeVisible();

  for (const path of ['/my-ruminations', '/my-feed']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }

  await nav.getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The terms: eleven sections, from acceptance to contact; the minimum age is 13.
  await page.goto('/terms-of-service');
  const terms = page.getByRole('article', { name: 'Terms of Service' });
  await expect(terms.getByRole('heading', { level: 2 })).toHaveCount(11);
  await expect(terms.getByRole('heading', { level: 2 }).first()).toContainText('Acceptance');
  await expect(terms.getByRole('heading', { level: 2 }).last()).toContainText('Contact');
  await expect(terms).toContainText('13');
});

test('no page breaks its own Content-Security-Policy (the browser reports none)', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as { __cspViolations?: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  for (const path of ['/login', '/public']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The sign-in form loads zod: give it time to parse something.
    if (path === '/login') {
      await page.getByRole('button', { name: 'Sign In' }).last().click();
      await expect(page.getByText('Username or email is required')).toBeVisible();
    }
    const violations = await page.evaluate(
      () => (window as { __cspViolations?: string[] }).__cspViolations ?? [],
    );
    expect(violations, path).toEqual([]);
  }
});

test("the page's frame paints before any script runs, and /public's list is asked for once", async ({
  page,
  request,
  createUser,
}) => {
  const author = await createUser('early');
  const open = `Early thoughts of ${author.username}`;
  await createRuminationViaApi(request, author, open);

  // No JavaScript at all: index.html alone draws the bar, styled (its styles are in the page).
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/public');
  const bar = page.getByRole('navigation', { name: 'Main' });
  await expect(bar.getByRole('link', { name: 'Public', exact: true })).toBeVisible();
  const barHeight = await bar.evaluate((element) => element.getBoundingClientRect().height);
  expect(barHeight).toBeGreaterThan(40);

  // With it, the app takes the frame over in the same place, and the list's first page is the
  // one index.html asked for while the entry downloaded: one request, not two.
  await page.unrouteAll();
  const listRequests: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    const firstPage =
      url.pathname === '/api/ruminations/public' && !url.searchParams.has('BeforeId');
    if (firstPage) listRequests.push(r.url());
  });
  await page.goto('/public');
  await findInSharedList(page, open);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(1);
  expect(await bar.evaluate((element) => element.getBoundingClientRect().height)).toBe(barHeight);
  await expect(bar.getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(listRequests).toHaveLength(1);
});
