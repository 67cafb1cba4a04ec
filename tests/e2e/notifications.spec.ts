import type { Page } from '@playwright/test';
import { inBothThemes } from './support/axe';
import { expect, signInAs, test } from './support/fixtures';
import {
  commentViaApi,
  createRuminationViaApi,
  deleteRelationViaApi,
  requestRelationViaApi,
} from './support/ui';

/** Live updates arrive over the stream: no reload anywhere below, only waiting. */
const LIVE = { timeout: 5_000 };

function bell(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
}

test('bob asks alice to be his Friend; both bells count live; his comment on her Friend note reaches her', async ({
  page,
  request,
  createUsers,
  anotherBrowser,
}) => {
  const [alice, bob] = await createUsers('alice', 'bob');

  // Both are signed in, each at their own computer, before anything happens.
  const alicePage = await anotherBrowser(alice, '/my-ruminations');
  await expect(bell(alicePage, 'Notifications')).toBeVisible();
  await signInAs(page, bob, '/my-ruminations');
  await expect(bell(page, 'Notifications')).toBeVisible();

  // Bob asks; Alice's bell counts it without a reload.
  const friendship = await requestRelationViaApi(request, bob, alice, 'Friend');
  await expect(bell(alicePage, 'Notifications, 1 unread')).toBeVisible(LIVE);

  // She reads it, and accepts on People.
  await bell(alicePage, 'Notifications, 1 unread').click();
  const list = alicePage.getByRole('list', { name: 'Notifications' });
  await expect(
    list.getByRole('link', { name: `${bob.username} asked to be your Friend` }),
  ).toHaveAttribute('href', '/people');
  await expect(bell(alicePage, 'Notifications')).toBeVisible(LIVE);
  await list.getByRole('link', { name: `${bob.username} asked to be your Friend` }).click();
  await alicePage
    .getByRole('region', { name: 'Requests for you (1)' })
    .getByRole('button', { name: `Accept Friend request from ${bob.username}` })
    .click();
  await expect(alicePage.getByRole('region', { name: 'Your people' })).toContainText(bob.username);

  // Bob's bell counts the acceptance live.
  await expect(bell(page, 'Notifications, 1 unread')).toBeVisible(LIVE);

  // Bob comments on her Friend-only note: her bell counts it live, and the line leads there.
  const note = await createRuminationViaApi(request, alice, 'For my friends, from alice', {
    audiences: ['Friend'],
  });
  const bobsComment = await commentViaApi(
    request,
    bob,
    { ruminationId: note.id },
    'Lovely to read',
  );
  await expect(bell(alicePage, 'Notifications, 1 unread')).toBeVisible(LIVE);

  await bell(alicePage, 'Notifications, 1 unread').click();
  await expect(
    list.getByRole('link', { name: `${bob.username} commented on your rumination` }),
  ).toHaveAttribute('href', `/rumination/${note.id}#comment-${bobsComment.id}`);
  // Notifications carry names and ids only: none of the comment's words.
  await expect(list).not.toContainText('Lovely to read');

  await inBothThemes(alicePage, '/notifications', async () => {
    await alicePage.goto('/notifications');
    await expect(list.getByRole('listitem')).toHaveCount(2);
  });

  // Alice answers bob's comment: bob's bell counts her reply beside her acceptance. Then she ends
  // the relation: the reply is about a note he may no longer read, so it leaves his count and his
  // list, live; the acceptance stays, as history.
  await commentViaApi(request, alice, { parentCommentId: bobsComment.id }, 'Thank you');
  await expect(bell(page, 'Notifications, 2 unread')).toBeVisible(LIVE);
  await deleteRelationViaApi(request, alice, friendship.id);
  await expect(bell(page, 'Notifications, 1 unread')).toBeVisible(LIVE);
  await page.goto('/notifications');
  const bobsList = page.getByRole('list', { name: 'Notifications' });
  await expect(bobsList).toContainText(`${alice.username} accepted your Friend request`);
  await expect(bobsList).not.toContainText('replied to your comment');
  await alicePage.context().close();
});
