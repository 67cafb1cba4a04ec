import { inBothThemes, visitInBothThemes } from './support/axe';
import { expect, signInAs, test } from './support/fixtures';
import { createRuminationViaApi, peopleSearch, relateViaApi, ruminationCard } from './support/ui';

test('bob finds alice on People, asks to be her Friend; she accepts there; a link to her Friend note opens for him alone', async ({
  page,
  request,
  createUsers,
  anotherBrowser,
}) => {
  const [alice, bob, carol] = await createUsers('alice', 'bob', 'carol');

  // Bob types her name on People (alice never posted in public) and asks to be her Friend.
  await signInAs(page, bob, '/people');
  await expect(page.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();
  await peopleSearch(page).fill(alice.username);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${alice.username}`));
  const results = page.getByRole('list', { name: 'Search results' });
  const found = results.getByRole('listitem').filter({ hasText: alice.username });
  await expect(found).toBeVisible();
  await found.getByRole('combobox', { name: `Relation type for ${alice.username}` }).selectOption({
    label: 'Friend',
  });
  await found.getByRole('button', { name: `Request relation with ${alice.username}` }).click();
  await expect(page.getByRole('region', { name: 'Waiting for them (1)' })).toContainText(
    alice.username,
  );

  // Alice sees the request in the nav and on People, and accepts there.
  const alicePage = await anotherBrowser(alice, '/people');
  await expect(alicePage.getByRole('link', { name: 'People, 1 request waiting' })).toBeVisible();
  const requests = alicePage.getByRole('region', { name: 'Requests for you (1)' });
  await requests
    .getByRole('button', { name: `Accept Friend request from ${bob.username}` })
    .click();
  await expect(alicePage.getByRole('region', { name: 'Your people' })).toContainText(bob.username);
  await expect(alicePage.getByRole('region', { name: 'Requests for you (0)' })).toBeVisible();

  // Bob sees her among his people too.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your people' })).toContainText(alice.username);

  // A link to one of her Friend-only notes opens for bob, and for nobody else.
  const note = await createRuminationViaApi(request, alice, 'For my friends, from alice', {
    audiences: ['Friend'],
  });
  await page.goto(`/rumination/${note.id}`);
  await expect(ruminationCard(page, 'For my friends, from alice')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Comments' })).toBeVisible();

  const carolPage = await anotherBrowser(carol, `/rumination/${note.id}`);
  await expect(carolPage.getByRole('heading', { name: 'Rumination not found' })).toBeVisible();
  await expect(carolPage.getByText('For my friends, from alice')).toHaveCount(0);
  await carolPage.context().close();

  const visitorPage = await anotherBrowser();
  await visitorPage.goto(`/rumination/${note.id}`);
  await expect(visitorPage.getByRole('heading', { name: 'Rumination not found' })).toBeVisible();
  await visitorPage.context().close();

  await alicePage.context().close();
});

// axe on the screens of this journey, light and dark: one test each, as each runs axe twice.
test('People with people and a search passes axe in both themes', async ({
  page,
  request,
  createUsers,
}) => {
  const [alice, bob] = await createUsers('alice', 'bob');
  await relateViaApi(request, bob, alice, 'Friend');
  await signInAs(page, alice, '/people');
  await inBothThemes(page, '/people with people and a search', async () => {
    await page.goto(`/people?q=${bob.username.slice(0, 3)}`);
    await expect(page.getByRole('region', { name: 'Your people' })).toContainText(bob.username);
    await expect(page.getByRole('list', { name: 'Search results' })).toBeVisible();
  });
});

test('a Friend note opened by a friend passes axe in both themes', async ({
  page,
  request,
  createUsers,
}) => {
  const [alice, bob] = await createUsers('alice', 'bob');
  await relateViaApi(request, bob, alice, 'Friend');
  const note = await createRuminationViaApi(request, alice, 'For my friends, from alice', {
    audiences: ['Friend'],
  });
  await signInAs(page, bob, '/my-feed');
  await visitInBothThemes(page, [
    [
      '/rumination/{id}',
      `/rumination/${note.id}`,
      ruminationCard(page, 'For my friends, from alice'),
    ],
  ]);
});

test('a note not found passes axe in both themes', async ({ page, createUser }) => {
  const bob = await createUser('bob');
  await signInAs(page, bob, '/my-feed');
  const notFound = page.getByRole('heading', { name: 'Rumination not found' });
  await visitInBothThemes(page, [
    ['/rumination/{id} not found', '/rumination/999999999', notFound],
  ]);
});
