import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { TestUser } from '../server/support/test-users';
import { phonePhoto, smallPng } from '../support/photo-fixtures';
import { inBothThemes } from './support/axe';
import { expect, signInAs, test } from './support/fixtures';
import {
  newRuminationDialog,
  ruminationCard,
  tickAudiences,
  waitForServiceWorker,
} from './support/ui';

// This file is about photos composed offline, which the service worker serves: a fresh browser
// context for each test, not the worker's reused one (playwright.config.ts, reuseContext): a
// service worker unregistered by the reset may still answer the next test's page without
// controlling it.
test.use({ reuseContext: false, serviceWorkers: 'allow' });

/**
 * The composer takes photos (issue 27) against the real server: a phone photo picked by the
 * button, described, published; two photos composed offline arrive once, with the note, when the
 * network returns; axe on the composer with photos in both themes.
 */

// Uploads decoded by the server and two themes of axe: 40-45 s on the shared 2-core machine, at
// the 45 s default.
test.describe.configure({ timeout: 90_000 });

interface MediaOfNote {
  id: number;
  width: number;
  height: number;
  alt: string;
  url: string;
  thumbnailUrl: string;
}

interface OwnNote {
  id: number;
  content: string;
  media: MediaOfNote[];
}

async function ownNotes(request: APIRequestContext, user: TestUser): Promise<OwnNote[]> {
  const response = await request.get('/api/ruminations/my?Limit=100', {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as OwnNote[];
}

async function openComposer(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'New Rumination' }).click();
  const dialog = newRuminationDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Picks files through the "Add photos" button, as a person does (the file chooser). */
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

test('a phone photo added by the button, described and published, is on the note', async ({
  page,
  request,
  createUser,
}) => {
  const user = await createUser('photographer');
  await signInAs(page, user, '/my-ruminations');
  const dialog = await openComposer(page);
  const content = `A photo from the walk, by ${user.username}`;
  await addPhotos(page, dialog, [
    { name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto() },
  ]);
  const photo = photoGroup(dialog, 1, 1);
  await expect(photo.getByText('Uploaded')).toBeVisible({ timeout: 20_000 });
  await photo.getByLabel('Alt text').fill('Red roofs above a blue lake');
  await dialog.getByPlaceholder("What's on your mind?").fill(content);
  await tickAudiences(dialog, ['Friend']);
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog).toBeHidden();
  await expect(ruminationCard(page, content)).toBeVisible();

  const [note] = (await ownNotes(request, user)).filter((n) => n.content === content);
  expect(note?.media).toHaveLength(1);
  const [media] = note!.media;
  expect(media).toMatchObject({ alt: 'Red roofs above a blue lake' });
  // Turned upright: the sideways 1600 x 1200 phone photo is stored 1200 wide, 1600 high.
  expect(media!.height).toBeGreaterThan(media!.width);
  const image = await request.get(media!.thumbnailUrl, {
    headers: { Authorization: `Bearer ${user.token}` },
  });
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toMatch(/^image\//);

  // The edit starts from the note's photo (its thumbnail, its alt), takes another, put first,
  // and sends the whole list in that order.
  await ruminationCard(page, content).getByRole('button', { name: 'Edit rumination' }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Rumination' });
  const kept = photoGroup(editor, 1, 1);
  await expect(kept.getByLabel('Alt text')).toHaveValue('Red roofs above a blue lake');
  await expect
    .poll(() => kept.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await addPhotos(page, editor, [
    { name: 'green.png', mimeType: 'image/png', buffer: await smallPng(40, 30, '#22aa33') },
  ]);
  const added = photoGroup(editor, 2, 2);
  await expect(added.getByText('Uploaded')).toBeVisible({ timeout: 20_000 });
  await added.getByLabel('Alt text').fill('A green square');
  await editor.getByRole('button', { name: 'Move photo 2 earlier' }).click();
  await editor.getByRole('button', { name: 'Publish' }).click();
  await expect(editor).toBeHidden();
  const [edited] = (await ownNotes(request, user)).filter((n) => n.content === content);
  expect(edited!.media.map((m) => m.alt)).toEqual([
    'A green square',
    'Red roofs above a blue lake',
  ]);
  expect(edited!.media[1]!.id).toBe(media!.id);
});

test('two photos composed offline arrive once, with the note, when the network returns', async ({
  page,
  context,
  request,
  createUser,
}) => {
  const user = await createUser('traveller');
  await signInAs(page, user, '/my-ruminations');
  await expect(page.getByRole('button', { name: 'New Rumination' })).toBeEnabled();
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
  const dialog = await openComposer(page);
  const content = `Two photos from a train, by ${user.username}`;
  await addPhotos(page, dialog, [
    { name: 'first.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto(800, 600) },
    { name: 'second.png', mimeType: 'image/png', buffer: await smallPng(120, 80, '#2255aa') },
  ]);
  await expect(dialog.getByText('Waiting for the network')).toHaveCount(2);
  await photoGroup(dialog, 1, 2).getByLabel('Alt text').fill('A field from the window');
  await photoGroup(dialog, 2, 2).getByLabel('Alt text').fill('A blue square');
  await dialog.getByPlaceholder("What's on your mind?").fill(content);
  await tickAudiences(dialog, ['Family']);
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(dialog).toBeHidden();

  const pending = page.getByRole('region', { name: 'Not yet sent' });
  await expect(pending).toContainText(content);
  await expect(pending).toContainText('With 2 photos');
  expect((await ownNotes(request, user)).filter((n) => n.content === content)).toHaveLength(0);

  await context.setOffline(false);
  await expect(pending).toBeHidden({ timeout: 30_000 });
  await expect(ruminationCard(page, content)).toBeVisible();
  const arrived = (await ownNotes(request, user)).filter((n) => n.content === content);
  expect(arrived).toHaveLength(1);
  expect(arrived[0]!.media.map((m) => m.alt)).toEqual(['A field from the window', 'A blue square']);
});

test('axe: the composer with photos, in both themes', async ({ page, createUser }) => {
  const user = await createUser('describer');
  await signInAs(page, user, '/my-ruminations');
  await inBothThemes(page, 'the composer with two photos', async () => {
    const dialog = await openComposer(page);
    await addPhotos(page, dialog, [
      { name: 'one.png', mimeType: 'image/png', buffer: await smallPng(90, 60, '#aa3322') },
      { name: 'two.png', mimeType: 'image/png', buffer: await smallPng(60, 90, '#22aa33') },
    ]);
    await expect(dialog.getByText('Uploaded')).toHaveCount(2, { timeout: 20_000 });
    await photoGroup(dialog, 1, 2).getByLabel('Alt text').fill('A red rectangle');
  });
});
