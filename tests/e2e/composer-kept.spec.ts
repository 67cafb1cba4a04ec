import type { Page, Request } from '@playwright/test';
import { inBothThemes } from './support/axe';
import { expect, signInAs, test } from './support/fixtures';
import {
  choosePublic,
  createRuminationViaApi,
  newRuminationDialog,
  openComments,
  publishPubliclyIfAsked,
  ruminationCard,
  showMyRuminations,
} from './support/ui';

// This file is about what the composer keeps in the browser's IndexedDB: a fresh browser context
// for each test, not the worker's reused one (playwright.config.ts, reuseContext).
test.use({ reuseContext: false, serviceWorkers: 'allow' });

/*
 * Nothing written is lost or doubled (issue 24), against the real server: the composer keeps what
 * is typed through a closed tab, and a double-click writes once.
 */

/**
 * The writes (not reads) the page makes to `path`, as they leave the browser: one per
 * Idempotency-Key. A request sent again with the same key is the same write (the server answers it
 * from the first): a reload within a second of an answer finds the write still stored as in flight
 * (the offline copy is saved at most once a second) and resumes it, by design.
 */
function countWrites(page: Page, method: string, path: RegExp): () => number {
  const keys = new Set<string>();
  page.on('request', (request: Request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) {
      keys.add(request.headers()['idempotency-key'] ?? `no key ${keys.size}`);
    }
  });
  return () => keys.size;
}

/** How many kept copies the composer's IndexedDB holds (0 before it exists; never creates it). */
async function keptCopies(): Promise<number> {
  const names = (await indexedDB.databases()).map((db) => db.name);
  if (!names.includes('ruminations-composer')) return 0;
  return new Promise((resolve) => {
    const open = indexedDB.open('ruminations-composer');
    open.onerror = () => resolve(0);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('drafts')) {
        db.close();
        resolve(0);
        return;
      }
      const count = db.transaction('drafts').objectStore('drafts').count();
      count.onsuccess = () => {
        db.close();
        resolve(count.result);
      };
      count.onerror = () => {
        db.close();
        resolve(0);
      };
    };
  });
}

test('a tab closed mid-sentence: the sentence is there when the composer opens again', async ({
  page,
  context,
  createUser,
}) => {
  const author = await createUser('writer');
  await signInAs(page, author);
  await page.getByRole('button', { name: 'New Rumination' }).click();
  const sentence = `Half a sentence of ${author.username}, and then`;
  await newRuminationDialog(page).getByPlaceholder("What's on your mind?").fill(sentence);
  // The person pauses (the composer keeps what is typed 300 ms after the last key): wait until
  // the kept copy is in IndexedDB, then close the tab with the dialog still open.
  await expect.poll(() => page.evaluate(keptCopies)).toBeGreaterThan(0);
  await page.close();

  const again = await context.newPage();
  await again.goto('/my-ruminations');
  await again.getByRole('button', { name: 'New Rumination' }).click();
  const dialog = newRuminationDialog(again);
  await expect(dialog.getByPlaceholder("What's on your mind?")).toHaveValue(sentence);
  await expect(dialog.getByRole('status')).toHaveText('Restored what you were writing.');

  // Closing it now asks; discarding leaves nothing for the next time.
  await again.keyboard.press('Escape');
  const question = again.getByRole('alertdialog', { name: 'Discard what you wrote?' });
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  await again.reload();
  await again.getByRole('button', { name: 'New Rumination' }).click();
  await expect(newRuminationDialog(again).getByPlaceholder("What's on your mind?")).toHaveValue('');
});

test('double-clicking Publish, Save Draft and Comment writes once each', async ({
  page,
  request,
  createUser,
}) => {
  const author = await createUser('clicker');
  await signInAs(page, author);
  const notes = countWrites(page, 'POST', /^\/api\/ruminations$/);
  const comments = countWrites(page, 'POST', /^\/api\/comments$/);

  for (const [button, text] of [
    ['Publish', `Published once by ${author.username}`],
    ['Save Draft', `Drafted once by ${author.username}`],
  ] as const) {
    await page.getByRole('button', { name: 'New Rumination' }).click();
    const dialog = newRuminationDialog(page);
    await dialog.getByPlaceholder("What's on your mind?").fill(text);
    // New people ask each time: a published note's audience is chosen first.
    if (button === 'Publish') await choosePublic(dialog);
    await dialog.getByRole('button', { name: button }).dblclick();
    if (button === 'Publish') await publishPubliclyIfAsked(page, dialog);
    await expect(dialog).toBeHidden();
    await showMyRuminations(page, button === 'Publish' ? 'Published' : 'Drafts');
    await expect(ruminationCard(page, text)).toHaveCount(1);
  }
  expect(notes()).toBe(2);

  const target = `Talk to ${author.username}`;
  await createRuminationViaApi(request, author, target);
  await page.goto('/my-ruminations');
  const card = ruminationCard(page, target);
  await openComments(card);
  const said = `Said once by ${author.username}`;
  await card.getByRole('textbox', { name: 'Add a comment' }).fill(said);
  await card.getByRole('button', { name: 'Comment', exact: true }).dblclick();
  await expect(card.getByText(said)).toHaveCount(1);
  await page.reload();
  await openComments(ruminationCard(page, target));
  await expect(ruminationCard(page, target).getByText(said)).toHaveCount(1);
  expect(comments()).toBe(1);
});

test('the discard question passes axe in both themes', async ({ page, createUser }) => {
  const author = await createUser('asker');
  await signInAs(page, author);
  await inBothThemes(page, 'discard question', async () => {
    await page.getByRole('button', { name: 'New Rumination' }).click();
    await newRuminationDialog(page)
      .getByPlaceholder("What's on your mind?")
      .fill('Words worth a question');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog', { name: 'Discard what you wrote?' })).toBeVisible();
  });
});
