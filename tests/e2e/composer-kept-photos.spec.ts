import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { TestUser } from '../server/support/test-users';
import { smallPng } from '../support/photo-fixtures';
import { inBothThemes } from './support/axe';
import { expect, signInAs, test } from './support/fixtures';
import { newRuminationDialog, ruminationCard, tickAudiences } from './support/ui';

// This file is about what the composer keeps in the browser's IndexedDB: a fresh browser context
// for each test, not the worker's reused one (playwright.config.ts, reuseContext).
test.use({ reuseContext: false, serviceWorkers: 'allow' });

/*
 * A restored draft keeps its photos (issue 39: it came back with "0 of 6", its uploads left on the
 * server for the sweep), against the real server in Chromium: one photo uploaded and described,
 * another still uploading when the page reloads; after it, both are back in the tray with their
 * alt texts and previews, the first is not uploaded again, the second is uploaded once, and the
 * note carries both.
 */

// Uploads decoded by the server, a reload and two themes of axe.
test.describe.configure({ timeout: 90_000 });

/** The composer's kept drafts in IndexedDB, as text ("" before there are any). */
async function keptDrafts(): Promise<string> {
  const names = (await indexedDB.databases()).map((db) => db.name);
  if (!names.includes('ruminations-composer')) return '';
  return new Promise((resolve) => {
    const open = indexedDB.open('ruminations-composer');
    open.onerror = () => resolve('');
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('drafts')) {
        db.close();
        resolve('');
        return;
      }
      const all = db.transaction('drafts').objectStore('drafts').getAll();
      all.onsuccess = () => {
        db.close();
        resolve(JSON.stringify(all.result));
      };
      all.onerror = () => {
        db.close();
        resolve('');
      };
    };
  });
}

async function addPhotos(
  page: Page,
  dialog: Locator,
  files: { name: string; mimeType: string; buffer: Buffer }[],
): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Add photos' }).click();
  await (await chooser).setFiles(files);
}

function photoGroup(dialog: Locator, position: number, count: number): Locator {
  return dialog.getByRole('group', { name: `Photo ${position} of ${count}` });
}

async function notesWithMedia(request: APIRequestContext, user: TestUser, content: string) {
  const response = await request.get('/api/ruminations/my?Limit=100', {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(response.ok()).toBe(true);
  const notes = (await response.json()) as {
    content: string;
    media: { id: number; alt: string }[];
  }[];
  return notes.filter((n) => n.content === content);
}

test('a reload gives the draft back with its photos: the uploaded one is not sent again, the other uploads once', async ({
  page,
  request,
  createUser,
}) => {
  const user = await createUser('keeper');
  // Every upload the server answered.
  const answered: number[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() === 'POST' && new URL(response.url()).pathname === '/api/media') {
      answered.push(response.status());
    }
  });
  await signInAs(page, user, '/my-ruminations');
  await page.getByRole('button', { name: 'New Rumination' }).click();
  let dialog = newRuminationDialog(page);
  const content = `The lake, twice, by ${user.username}`;
  await dialog.getByPlaceholder("What's on your mind?").fill(content);
  await addPhotos(page, dialog, [
    { name: 'dawn.png', mimeType: 'image/png', buffer: await smallPng(90, 60, '#dd8833') },
  ]);
  await expect(photoGroup(dialog, 1, 1).getByText('Uploaded')).toBeVisible({ timeout: 20_000 });
  await photoGroup(dialog, 1, 1).getByLabel('Alt text').fill('The lake at dawn');

  // The second photo's upload is held on its way: the page reloads while it is under way.
  let held = 0;
  await page.route('**/api/media', () => {
    held += 1;
  });
  await addPhotos(page, dialog, [
    { name: 'heron.png', mimeType: 'image/png', buffer: await smallPng(60, 90, '#3366aa') },
  ]);
  await expect(photoGroup(dialog, 2, 2).getByRole('progressbar')).toBeVisible();
  await photoGroup(dialog, 2, 2).getByLabel('Alt text').fill('A heron');
  await expect.poll(() => page.evaluate(keptDrafts)).toContain('A heron');
  expect(held).toBe(1);
  await page.unroute('**/api/media');

  await page.reload();
  await page.getByRole('button', { name: 'New Rumination' }).click();
  dialog = newRuminationDialog(page);
  await expect(dialog.getByText('Restored what you were writing.')).toBeVisible();
  await expect(dialog.getByPlaceholder("What's on your mind?")).toHaveValue(content);
  await expect(dialog.getByText(/^2 of 6/)).toBeVisible();
  const first = photoGroup(dialog, 1, 2);
  const second = photoGroup(dialog, 2, 2);
  await expect(first.getByLabel('Alt text')).toHaveValue('The lake at dawn');
  await expect(second.getByLabel('Alt text')).toHaveValue('A heron');
  await expect(first.getByText('Uploaded')).toBeVisible();
  await expect(second.getByText('Uploaded')).toBeVisible({ timeout: 20_000 });
  // Both previews come from this browser's copies of the files, and show.
  for (const photo of [first, second]) {
    await expect
      .poll(() => photo.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  }
  await inBothThemes(page, 'the composer given back with its photos', async () => {});

  await tickAudiences(dialog, ['Family']);
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog).toBeHidden();
  await expect(ruminationCard(page, content)).toBeVisible();
  const [note] = await notesWithMedia(request, user, content);
  expect(note?.media.map((m) => m.alt)).toEqual(['The lake at dawn', 'A heron']);
  // One upload for each photo, each on the note: none was made twice, none left for the sweep.
  expect(answered).toEqual([201, 201]);
  await expect.poll(() => page.evaluate(keptDrafts)).toBe('[]');
});
