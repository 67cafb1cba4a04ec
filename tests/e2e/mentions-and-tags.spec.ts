import type { Page } from '@playwright/test';
import { expect, signInAs, test, uniqueName } from './support/fixtures';
import { createRuminationViaApi, openComments, relateViaApi, ruminationCard } from './support/ui';

/** Live updates arrive over the stream: no reload, only waiting. */
const LIVE = { timeout: 5_000 };

function bell(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
}

test('carol mentions alice in a comment and alice is told; a person mentioned in a note they may not read learns nothing', async ({
  page,
  request,
  createUsers,
  anotherBrowser,
}) => {
  const [alice, carol, outsider] = await createUsers('alice', 'carol', 'outsider');
  const note = `Open to all, by ${alice.username}`;
  await createRuminationViaApi(request, alice, note);
  // A Friend-only note that names someone who is no friend of alice's.
  await createRuminationViaApi(request, alice, `Friends only, dear @${outsider.username}`, {
    audiences: ['Friend'],
  });

  const alicePage = await anotherBrowser(alice, '/my-ruminations');
  await expect(bell(alicePage, 'Notifications')).toBeVisible();

  // Carol comments on alice's note, mentioning her.
  await signInAs(page, carol, `/user/${alice.id}`);
  const card = ruminationCard(page, note);
  await openComments(card);
  const box = card.getByRole('textbox', { name: 'Add a comment' });
  await box.fill(`So true, @${alice.username}!`);
  await box.press('Enter');
  const comments = card.getByRole('region', { name: 'Comments' });
  // The mention is a link to alice's profile.
  const mention = comments.getByRole('link', { name: `@${alice.username}` });
  await expect(mention).toBeVisible();
  await mention.click();
  await expect(page).toHaveURL(new RegExp(`/user/${alice.id}$`));

  // Alice's bell counts it live: told once, of the mention (not also of the comment).
  await expect(bell(alicePage, 'Notifications, 1 unread')).toBeVisible(LIVE);
  await bell(alicePage, 'Notifications, 1 unread').click();
  const list = alicePage.getByRole('list', { name: 'Notifications' });
  await expect(
    list.getByRole('link', { name: `${carol.username} mentioned you in a comment` }),
  ).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // The outsider, named in a note they may not read, has nothing at all.
  const outsiderPage = await anotherBrowser(outsider, '/notifications');
  await expect(bell(outsiderPage, 'Notifications')).toBeVisible();
  await expect(outsiderPage.getByText('No notifications yet')).toBeVisible();
  const told = await request.get('/api/notifications', {
    headers: { Authorization: `Bearer ${outsider.token}` },
  });
  expect(await told.json()).toEqual([]);
});

test('a tag filters My Ruminations, My Feed and Public', async ({ page, request, createUsers }) => {
  const [author, friend] = await createUsers('author', 'friend');
  await relateViaApi(request, author, friend, 'Friend');
  const tag = uniqueName('t').toLowerCase();
  await createRuminationViaApi(request, author, `Public and tagged #${tag}`);
  await createRuminationViaApi(request, author, `For friends, tagged #${tag}`, {
    audiences: ['Friend'],
  });
  await createRuminationViaApi(request, author, `Public, untagged, by ${author.username}`);

  // My Ruminations: the tag list counts it; choosing it filters.
  await signInAs(page, author, '/my-ruminations');
  await page
    .getByRole('navigation', { name: 'My tags' })
    .getByRole('link', { name: `#${tag}, 2 ruminations` })
    .click();
  await expect(page.getByRole('heading', { name: `Tagged #${tag}` })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(2);
  await page.getByRole('link', { name: 'Show all my ruminations' }).click();
  await expect(ruminationCard(page, 'Public, untagged')).toBeVisible();

  // My Feed: the friend follows the tag from a card.
  await signInAs(page, friend, '/my-feed');
  await ruminationCard(page, 'For friends, tagged')
    .getByRole('link', { name: `#${tag}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/my-feed\\?tag=${tag}$`));
  await expect(page.getByRole('heading', { name: `Tagged #${tag}` })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(ruminationCard(page, 'Public, untagged')).toHaveCount(0);

  // Public: only the public one, for anyone.
  await page.goto(`/public?tag=${tag}`);
  await expect(page.getByRole('heading', { name: `Tagged #${tag}` })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(ruminationCard(page, 'Public and tagged')).toBeVisible();
  await page.getByRole('link', { name: 'Show all public ruminations' }).click();
  await expect(page.getByRole('heading', { name: /^Tagged/ })).toHaveCount(0);
});
