import { expect, signInAs, test } from './support/fixtures';
import { commentViaApi, createRuminationViaApi, relateViaApi, ruminationCard } from './support/ui';

test('after maya deletes her account, her friend sees no trace of her but her deleted comments, and the name is free again', async ({
  page,
  request,
  createUsers,
  anotherBrowser,
}) => {
  const [maya, leo] = await createUsers('maya', 'leo');
  await relateViaApi(request, maya, leo, 'Friend');
  await createRuminationViaApi(request, maya, 'Maya, for friends only', { audiences: ['Friend'] });
  const leosNote = await createRuminationViaApi(request, leo, 'Leo asks the room');
  const mayasComment = await commentViaApi(
    request,
    maya,
    { ruminationId: leosNote.id },
    'Maya answers leo',
  );
  await commentViaApi(request, leo, { parentCommentId: mayasComment.id }, 'Leo thanks maya');

  // Before: leo sees her note in his feed and her among his people.
  const leoPage = await anotherBrowser(leo, '/my-feed');
  await expect(ruminationCard(leoPage, 'Maya, for friends only')).toBeVisible();

  // Maya deletes her account from Settings.
  await signInAs(page, maya, '/settings');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Password').fill(maya.password);
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(page).toHaveURL(/\/public$/);

  // Leo's feed, his thread and his People page.
  await leoPage.reload();
  await expect(leoPage.getByRole('heading', { name: 'My Feed' })).toBeVisible();
  await expect(leoPage.getByText('Maya, for friends only')).toHaveCount(0);
  await leoPage.goto(`/rumination/${leosNote.id}`);
  const thread = leoPage.getByRole('region', { name: 'Comments' });
  await expect(thread.getByText('This comment has been deleted.')).toBeVisible();
  await expect(thread.getByText('[deleted account]')).toBeVisible();
  await expect(thread.getByText('Leo thanks maya')).toBeVisible();
  await expect(thread.getByText('Maya answers leo')).toHaveCount(0);
  await expect(thread.getByRole('link', { name: maya.username })).toHaveCount(0);
  await leoPage.goto('/people');
  await expect(leoPage.getByRole('region', { name: 'Your people' })).toBeVisible();
  await expect(leoPage.getByRole('main')).not.toContainText(maya.username);
  await leoPage.getByRole('searchbox', { name: 'Find people by name' }).fill(maya.username);
  await expect(leoPage.getByText(/No one is called anything like/)).toBeVisible();

  // Her username and email can start a new account.
  const again = await request.post('/api/auth/signup', {
    data: {
      username: maya.username,
      email: maya.email,
      password: 'a whole new life',
      acceptedTosVersion: '1.0',
    },
  });
  expect(again.status()).toBe(201);
  const login = await request.post('/api/auth/login', {
    data: { username: maya.username, password: 'a whole new life' },
  });
  expect(login.status()).toBe(403);
  expect(((await login.json()) as { title: string }).title).toBe('Account is not activated');
  await leoPage.close();
});
