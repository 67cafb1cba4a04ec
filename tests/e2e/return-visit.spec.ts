import type { Page, Route } from '@playwright/test';
import { expect, signInAs, test } from './support/fixtures';
import {
  createRuminationViaApi,
  relateViaApi,
  ruminationCard,
  waitForServiceWorker,
} from './support/ui';

// This file is about a return visit to a browser the service worker has set up: a fresh browser
// context for each test, not the worker's reused one (playwright.config.ts, reuseContext).
test.use({ reuseContext: false, serviceWorkers: 'allow' });

/**
 * The return visit (issue 28): a reload shows the last feed at once from the saved copy, marked
 * "Refreshing…" until this visit's answer arrives; offline the same copy, with the offline line
 * and no such mark.
 */

/** The saved copy (IndexedDB "ruminations-offline") holds `text`. */
function savedCopyHolds(page: Page, text: string): Promise<boolean> {
  return page.evaluate(async (wanted) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('ruminations-offline');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error as Error);
    });
    try {
      if (!db.objectStoreNames.contains('cache')) return false;
      const values = await new Promise<unknown[]>((resolve, reject) => {
        const all = db.transaction('cache').objectStore('cache').getAll();
        all.onsuccess = () => resolve(all.result);
        all.onerror = () => reject(all.error as Error);
      });
      return values.some((v) => typeof v === 'string' && v.includes(wanted));
    } finally {
      db.close();
    }
  }, text);
}

test('a reload shows the last feed at once, marked as refreshing, then the new one', async ({
  page,
  context,
  request,
  createUsers,
}) => {
  const [author, reader] = await createUsers('author', 'reader');
  await relateViaApi(request, author, reader, 'Friend');
  const before = `Read before leaving, by ${author.username}`;
  await createRuminationViaApi(request, author, before, { audiences: ['Friend'] });

  await signInAs(page, reader, '/my-feed');
  await expect(ruminationCard(page, before)).toBeVisible();
  // A visit that fetched its feed itself says nothing of refreshing.
  await expect(page.getByRole('status').filter({ hasText: 'Refreshing' })).toHaveCount(0);
  await waitForServiceWorker(page);
  await expect.poll(() => savedCopyHolds(page, before)).toBe(true);

  const since = `Written while away, by ${author.username}`;
  await createRuminationViaApi(request, author, since, { audiences: ['Friend'] });
  // This visit's feed waits until the saved copy has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route('**/api/ruminations/feed*', async (route: Route) => {
    await held;
    await route.continue();
  });

  await page.reload();
  const refreshing = page.getByRole('status').filter({ hasText: 'Refreshing…' });
  await expect(ruminationCard(page, before)).toBeVisible();
  await expect(refreshing).toBeVisible();
  await expect(ruminationCard(page, since)).toHaveCount(0);

  release();
  await expect(ruminationCard(page, since)).toBeVisible();
  await expect(refreshing).toHaveCount(0);
  await context.unroute('**/api/ruminations/feed*');

  // Offline: the copy saved from this visit, said by the offline line, not as refreshing.
  await expect.poll(() => savedCopyHolds(page, since)).toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(ruminationCard(page, since)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
  await expect(refreshing).toHaveCount(0);
});

test.describe('without the service worker (scripts blocked by the test must stay blocked)', () => {
  test.use({ serviceWorkers: 'block' });

  test('the last screen paints from the HTML alone, marked as refreshing, for its own session only', async ({
    page,
    request,
    createUsers,
  }) => {
    const [author, reader] = await createUsers('snapshot_author', 'snapshot_reader');
    await relateViaApi(request, author, reader, 'Friend');
    const note = `Seen last time, by ${author.username}`;
    await createRuminationViaApi(request, author, note, { audiences: ['Friend'] });

    await signInAs(page, reader, '/my-feed');
    await expect(ruminationCard(page, note)).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('last-screen')?.includes('Seen last')))
      .toBe(true);

    // No script of the app runs: what shows is index.html with the saved screen, inert, and saying
    // it is refreshing (drawn by the style sheet where the app's own mark goes).
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    const saved = page.locator('[data-last-screen]');
    await expect(saved.getByText(note)).toBeVisible();
    await expect(saved).toHaveAttribute('inert', '');
    const mark = await saved
      .locator('[data-refreshing-slot]')
      .evaluate((slot) => getComputedStyle(slot, '::after').content);
    expect(mark).toBe('"Refreshing…"');

    // The app then takes over: the same note, live, and no saved screen left.
    await page.unrouteAll();
    await page.reload();
    await expect(ruminationCard(page, note)).toBeVisible();
    await expect(page.locator('[data-last-screen]')).toHaveCount(0);

    // Another session (a token it was not saved under) never sees it, and it is dropped.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.evaluate(() => localStorage.setItem('token', 'another.session.token-of-someone'));
    await page.reload();
    await expect(page.getByText(note)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('last-screen'))).toBeNull();
  });
});
