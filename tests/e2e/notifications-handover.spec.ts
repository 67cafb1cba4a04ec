import type { Page } from '@playwright/test';
import { expect, signInAs, test } from './support/fixtures';
import { requestRelationViaApi } from './support/ui';

/**
 * Two tabs of one browser share one notification stream (notification-stream-leader.ts): the tab
 * holding the Web Lock holds the stream and relays its events to the other. When it closes, the
 * other takes the stream over. A notification written in that gap (the old stream ended, the new
 * one not yet open) must still reach the remaining tab live. The gap is made exact, not hoped for:
 * the new stream's request is held back (a route) until the notification is written.
 */

const LIVE = { timeout: 5_000 };

function isStream(url: string): boolean {
  return new URL(url).pathname === '/api/notifications/stream';
}

/** Who holds the person's stream lock in this browser, and how many tabs wait for it. */
function streamLock(page: Page, userId: number) {
  return page.evaluate(async (name) => {
    const { held = [], pending = [] } = await navigator.locks.query();
    return {
      held: held.filter((lock) => lock.name === name).length,
      pending: pending.filter((lock) => lock.name === name).length,
    };
  }, `ruminations-notifications-${userId}`);
}

test('alice closes the tab that holds her notification stream; bob asks her in the gap; her other tab shows it live', async ({
  page,
  request,
  createUsers,
}) => {
  const [alice, bob] = await createUsers('alice', 'bob');
  const context = page.context();

  // Tab A opens first, so it holds the stream.
  const streamOfA = page.waitForResponse((response) => isStream(response.url()));
  await signInAs(page, alice, '/my-ruminations');
  expect((await streamOfA).status()).toBe(200);

  // Tab B follows: on her notifications, with none yet, waiting for the lock A holds.
  const tabB = await context.newPage();
  const errorsInB: string[] = [];
  tabB.on('pageerror', (error) => errorsInB.push(error.message));
  await tabB.goto('/notifications');
  await expect(tabB.getByText('No notifications yet.', { exact: false })).toBeVisible();
  await expect.poll(() => streamLock(tabB, alice.id)).toEqual({ held: 1, pending: 1 });

  // B's stream, once it asks, waits until bob's request is written: the gap, exactly.
  let endGap!: () => void;
  const gap = new Promise<void>((resolve) => (endGap = resolve));
  let resumedFrom: string | undefined;
  let tookOver!: () => void;
  const takeOver = new Promise<void>((resolve) => (tookOver = resolve));
  // In place before A closes: B's request goes out as soon as A's lock is free, and one that left
  // before the route was set would never be seen (CI once waited for it until the test's timeout).
  await context.route(
    (url) => isStream(url.href),
    async (route) => {
      resumedFrom = (await route.request().headerValue('last-event-id')) ?? undefined;
      tookOver();
      await gap;
      await route.continue();
    },
  );

  await page.close();
  await takeOver;
  await requestRelationViaApi(request, bob, alice, 'Friend');
  endGap();

  // No reload: the line arrives over the stream B now holds.
  const list = tabB.getByRole('list', { name: 'Notifications' });
  await expect(
    list.getByRole('link', { name: `${bob.username} asked to be your Friend` }),
  ).toBeVisible(LIVE);
  expect(await streamLock(tabB, alice.id)).toEqual({ held: 1, pending: 0 });
  // B resumed where A's stream stood (alice had no notification yet: after none, 0).
  expect(resumedFrom).toBe('0');
  expect(errorsInB).toEqual([]);
});
