import type { Page } from '@playwright/test';
import { expect, signInAs, test } from './support/fixtures';
import {
  commentViaApi,
  createRuminationViaApi,
  openComments,
  relateViaApi,
  ruminationCard,
  showMyRuminations,
  signOut,
  writeRumination,
  waitForServiceWorker,
} from './support/ui';

// This file is about the service worker and what the browser keeps offline: a fresh browser context
// for each test, not the worker's reused one (playwright.config.ts, reuseContext).
test.use({ reuseContext: false, serviceWorkers: 'allow' });

/**
 * Offline use (README "What works offline"): what was read stays readable after a reload without
 * network, what is written offline reaches the server once when the network returns, and signing
 * out leaves nothing of a person's notes in browser storage.
 */

/** Everything a page can read back from browser storage, as text (IndexedDB, web storage, caches). */
function browserStorageText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const out: string[] = [];
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error as Error);
      });
      for (const storeName of Array.from(db.objectStoreNames)) {
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const all = db.transaction(storeName).objectStore(storeName).getAll();
          all.onsuccess = () => resolve(all.result);
          all.onerror = () => reject(all.error as Error);
        });
        out.push(`${info.name}/${storeName}: ${JSON.stringify(values)}`);
      }
      db.close();
    }
    for (const storage of [localStorage, sessionStorage]) {
      for (let i = 0; i < storage.length; i += 1) {
        const key = storage.key(i)!;
        out.push(`${key}=${storage.getItem(key)}`);
      }
    }
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        out.push(`${request.url}: ${response ? await response.text() : ''}`);
      }
    }
    return out.join('\n');
  });
}

test('the feed read online shows again after a reload without network', async ({
  page,
  context,
  request,
  createUsers,
}) => {
  const [author, reader] = await createUsers('author', 'reader');
  await relateViaApi(request, author, reader, 'Friend');
  const thought = `Read once, kept for later, by ${author.username}`;
  const { id } = await createRuminationViaApi(request, author, thought, { audiences: ['Friend'] });
  await commentViaApi(request, author, { ruminationId: id }, 'A comment to read offline');

  await signInAs(page, reader, '/my-feed');
  const card = ruminationCard(page, thought);
  await expect(card).toBeVisible();
  await openComments(card);
  await expect(card.getByText('A comment to read offline')).toBeVisible();
  // The author's request is still unread: the bell counts it, and keeps the count offline.
  const bell = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Notifications, 1 unread', exact: true });
  await expect(bell).toBeVisible();
  await waitForServiceWorker(page);
  // The copy is saved a moment after the screen settles.
  await expect.poll(() => browserStorageText(page)).toContain('A comment to read offline');

  await context.setOffline(true);
  await page.reload();
  await expect(ruminationCard(page, thought)).toBeVisible();
  await openComments(ruminationCard(page, thought));
  await expect(ruminationCard(page, thought).getByText('A comment to read offline')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
  await expect(bell).toBeVisible();

  // Back online: the indicator goes, and the page refreshes what went stale.
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toHaveCount(0);
});

test('a draft written offline survives a reload and reaches the server once', async ({
  page,
  context,
  request,
  createUser,
}) => {
  const user = await createUser('writer');
  await signInAs(page, user, '/my-ruminations');
  await expect(page.getByRole('button', { name: 'New Rumination' })).toBeEnabled();
  await waitForServiceWorker(page);

  await context.setOffline(true);
  const draft = `Written on a train, by ${user.username}`;
  await writeRumination(page, draft, { publish: false });
  const pending = page.getByRole('region', { name: 'Not yet sent' });
  await expect(pending).toContainText('New draft');
  await expect(pending).toContainText(draft);
  await expect(pending).toContainText('Waiting for the network');

  // Still queued after a reload without network.
  await expect.poll(() => browserStorageText(page)).toContain(draft);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Not yet sent' })).toContainText(draft);

  await context.setOffline(false);
  await expect(page.getByRole('region', { name: 'Not yet sent' })).toHaveCount(0);
  await showMyRuminations(page, 'Drafts');
  await expect(ruminationCard(page, draft)).toBeVisible();

  const mine = await request.get('/api/ruminations/my?Limit=100', {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  const contents = ((await mine.json()) as { content: string }[]).map((r) => r.content);
  expect(contents.filter((c) => c === draft)).toHaveLength(1);
});

test('offline, a new note shows in its list as not yet sent, and nothing offline covers a card', async ({
  page,
  context,
  request,
  createUser,
}) => {
  const user = await createUser('commuter');
  for (let i = 1; i <= 5; i++) {
    await createRuminationViaApi(request, user, `Older note ${i} of ${user.username}`);
  }
  await signInAs(page, user, '/my-ruminations');
  await expect(ruminationCard(page, `Older note 5 of ${user.username}`)).toBeVisible();
  await waitForServiceWorker(page);

  await context.setOffline(true);
  const note = `Published from a tunnel, by ${user.username}`;
  await writeRumination(page, note, { publish: true });
  const queued = page.getByRole('article', { name: 'Not yet sent: New rumination' });
  await expect(queued).toContainText(note);
  await expect(queued).toContainText('Not yet sent · Waiting for the network');
  await expect(page.getByRole('region', { name: 'Not yet sent' })).toBeVisible();

  // The offline line and the "Not yet sent" list sit in the page's flow: at any width, no card
  // and no button of a card lies under them.
  for (const width of [320, 390, 768, 1280]) {
    await page.setViewportSize({ width, height: 700 });
    const overlaps = await page.evaluate(() => {
      const boxes = (selector: string) =>
        [...document.querySelectorAll(selector)].map((el) => el.getBoundingClientRect());
      const overlays = [
        ...boxes('[aria-label="Not yet sent"]'),
        ...[...document.querySelectorAll('[role="status"]')]
          .filter((el) => el.textContent?.startsWith('Offline'))
          .map((el) => el.getBoundingClientRect()),
      ];
      const targets = boxes('main article, main article button');
      return overlays.flatMap((o) =>
        targets
          .filter(
            (t) => o.left < t.right && t.left < o.right && o.top < t.bottom && t.top < o.bottom,
          )
          .map((t) => `${Math.round(t.top)}:${Math.round(t.left)}`),
      );
    });
    expect(overlaps, `width ${width}`).toEqual([]);
  }

  await context.setOffline(false);
  await expect(queued).toHaveCount(0);
  await expect(ruminationCard(page, note)).toBeVisible();
  await expect(ruminationCard(page, note)).not.toContainText('Not yet sent');
});

test('signing out leaves no note content in browser storage', async ({
  page,
  context,
  request,
  createUser,
}) => {
  const user = await createUser('private');
  const published = `Published words of ${user.username}`;
  const draft = `Private draft of ${user.username}`;
  await createRuminationViaApi(request, user, published);
  await createRuminationViaApi(request, user, draft, { publish: false });

  await signInAs(page, user, '/my-ruminations');
  await expect(ruminationCard(page, published)).toBeVisible();
  await showMyRuminations(page, 'Drafts');
  await expect(ruminationCard(page, draft)).toBeVisible();
  await waitForServiceWorker(page);
  // A write still queued when signing out goes too.
  await context.setOffline(true);
  const queued = `Queued words of ${user.username}`;
  await writeRumination(page, queued, { publish: true });
  await expect.poll(() => browserStorageText(page)).toContain(queued);
  const stored = await browserStorageText(page);
  expect(stored).toContain(published);
  expect(stored).toContain(draft);
  await context.setOffline(false);
  await expect(page.getByRole('region', { name: 'Not yet sent' })).toHaveCount(0);

  await signOut(page);
  await expect
    .poll(async () => {
      const text = await browserStorageText(page);
      return [published, draft, queued].filter((words) => text.includes(words));
    })
    .toEqual([]);
  // And a reload does not bring anything back.
  await page.reload();
  await expect(page.getByRole('main').getByRole('button', { name: 'Sign In' })).toBeVisible();
  const after = await browserStorageText(page);
  for (const words of [published, draft, queued]) expect(after).not.toContain(words);
});
