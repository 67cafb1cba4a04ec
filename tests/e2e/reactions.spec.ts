import type { Page } from '@playwright/test';
import { expect, signInAs, test } from './support/fixtures';
import { createRuminationViaApi, relateViaApi, ruminationCard } from './support/ui';

/**
 * Reactions (api-contract.md "Habits of a shared journal"), on a phone: Bea reacts ❤️ to Alice's
 * Family note; Alice's bell counts it live (the notification stream, no reload), and "Who reacted"
 * shows Bea's display name under ❤️.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const LIVE = { timeout: 5_000 };

function bell(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
}

test("bea reacts ❤️ to alice's Family note; alice's bell counts it live and lists bea under ❤️", async ({
  page,
  request,
  createUsers,
  anotherBrowser,
}) => {
  const [alice, bea] = await createUsers('alice', 'bea');
  const named = await request.put('/api/account/profile', {
    headers: { Authorization: `Bearer ${bea.token}` },
    data: { displayName: 'Bea Ramírez', bio: '' },
  });
  expect(named.status(), await named.text()).toBe(200);
  await relateViaApi(request, alice, bea, 'Family');
  const words = `Sunday dinner at grandma's, by ${alice.username}`;
  const note = await createRuminationViaApi(request, alice, words, { audiences: ['Family'] });
  // Bea's acceptance told Alice; read, so that her bell starts at nothing unread.
  const read = await request.put('/api/notifications/read', {
    headers: { Authorization: `Bearer ${alice.token}` },
    data: { upToId: 2_147_483_647 },
  });
  expect(read.status(), await read.text()).toBe(204);

  // Alice is signed in at her own phone before anything happens.
  const alicePage = await anotherBrowser(alice, `/rumination/${note.id}`);
  await expect(bell(alicePage, 'Notifications')).toBeVisible();

  // Bea reacts from her feed: one tap on the picker, shown at once.
  await signInAs(page, bea, '/my-feed');
  const card = ruminationCard(page, words);
  await card.getByRole('button', { name: 'Add a reaction' }).click();
  await card
    .getByRole('group', { name: 'Choose a reaction' })
    .getByRole('button', { name: '❤️ love' })
    .click();
  const love = card.getByRole('button', { name: '❤️ love, 1 person, you reacted' });
  await expect(love).toHaveAttribute('aria-pressed', 'true');

  // Alice's bell counts it without a reload; the count reaches her card too.
  await expect(bell(alicePage, 'Notifications, 1 unread')).toBeVisible(LIVE);
  const aliceCard = ruminationCard(alicePage, words);
  await expect(aliceCard.getByRole('button', { name: '❤️ love, 1 person' })).toBeVisible(LIVE);

  // Who reacted: Bea, by the name she chose, under ❤️.
  await aliceCard.getByRole('button', { name: 'Who reacted' }).click();
  const who = alicePage.getByRole('dialog', { name: 'Who reacted' });
  await expect(who.getByRole('region', { name: '❤️ love' })).toContainText('Bea Ramírez');
});
