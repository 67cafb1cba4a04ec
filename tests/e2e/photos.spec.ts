import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { unzipSync, strFromU8 } from 'fflate';
import sharp from 'sharp';
import { createDatabase } from '../../server/db/database';
import {
  ANONYMOUS_VIEWER,
  mediaUrlExpiry,
  signedMediaUrls,
  webCryptoMediaSigner,
} from '../../src/api/media-urls';
import type { TestUser } from '../server/support/test-users';
import { PHONE_MAKE, phonePhoto, smallPng } from '../support/photo-fixtures';
import { inBothThemes } from './support/axe';
import { expect, signInAs, test, type AppServer } from './support/fixtures';
import {
  deleteRelationViaApi,
  relateViaApi,
  requestRelationViaApi,
  acceptRelationViaApi,
  ruminationCard,
  signOut,
  waitForServiceWorker,
} from './support/ui';

// This file is about the service worker's photo cache: a fresh browser context for each test, not
// the worker's reused one (playwright.config.ts, reuseContext).
test.use({ reuseContext: false, serviceWorkers: 'allow' });

/**
 * Issue 27's "Done when", in Chromium against the real server: a phone photo with GPS data on a
 * Friends-only note shows to the friend, upright and without EXIF or GPS; a stranger gets nothing;
 * ending the relation stops the friend's copy of the URL at once; the Markdown export holds the
 * photo; the friend reads it offline, and after sign-out the browser keeps none of it. axe on the
 * card and the viewer in both themes.
 */

const bearer = (user: TestUser) => ({ Authorization: `Bearer ${user.token}` });

async function uploadPhoto(
  request: APIRequestContext,
  user: TestUser,
  file: Buffer,
  name: string,
  mimeType: string,
): Promise<{ id: number; width: number; height: number }> {
  const response = await request.post('/api/media', {
    headers: bearer(user),
    multipart: { file: { name, mimeType, buffer: file } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; width: number; height: number };
}

interface PhotoNote {
  id: number;
  content: string;
  photos: { id: number; alt: string }[];
}

/** `author` writes a note with a phone photo (EXIF orientation, GPS, camera make) and a PNG. */
async function notesWithPhotos(
  request: APIRequestContext,
  author: TestUser,
  audiences: string[],
): Promise<PhotoNote> {
  const phone = await uploadPhoto(
    request,
    author,
    await phonePhoto(),
    'IMG_0001.jpg',
    'image/jpeg',
  );
  // Stored upright: the sideways 1600 × 1200 is 1200 × 1600.
  expect(phone).toMatchObject({ width: 1200, height: 1600 });
  const square = await uploadPhoto(request, author, await smallPng(), 'square.png', 'image/png');
  const photos = [
    { id: phone.id, alt: 'Red above, blue below: a test card' },
    { id: square.id, alt: 'A small green square' },
  ];
  const content = `Two photos from the garden, by ${author.username}`;
  const response = await request.post('/api/ruminations', {
    headers: bearer(author),
    data: { content, publish: true, audiences, media: photos },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  return { id, content, photos };
}

/** Every image of `scope` has arrived and decoded (naturalWidth > 0). */
async function expectImagesLoaded(scope: Locator, count: number): Promise<void> {
  const images = scope.locator('img');
  await expect(images).toHaveCount(count);
  for (let i = 0; i < count; i++) {
    await expect
      .poll(() =>
        images.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBeGreaterThan(0);
  }
}

/** The paths held in the service worker's photo cache. */
function cachedPhotoPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    if (!(await caches.has('photos-v1'))) return [];
    const cache = await caches.open('photos-v1');
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  });
}

/** The server's key for photo URLs, read from its database, to sign URLs as it would. */
async function serverMediaSigner(app: AppServer) {
  const db = createDatabase({ sqliteFile: path.join(app.dataDir, 'ruminations.sqlite') });
  try {
    const row = await db
      .selectFrom('server_keys')
      .select('value')
      .where('name', '=', 'media-urls')
      .executeTakeFirstOrThrow();
    return await webCryptoMediaSigner(new Uint8Array(Buffer.from(row.value, 'base64')));
  } finally {
    await db.destroy();
  }
}

/**
 * The served bytes of a photo, fetched with its viewer's token: no metadata at all, and the right
 * way up (the top is red). WebP for a browser that takes it (Chromium's `<img>` Accept), JPEG for
 * a client that does not say so.
 */
async function expectCleanUpright(
  request: APIRequestContext,
  viewer: TestUser,
  url: string,
  format: 'webp' | 'jpeg',
): Promise<void> {
  const response = await request.get(url, {
    headers: {
      ...bearer(viewer),
      Accept: format === 'webp' ? 'image/avif,image/webp,image/apng,*/*;q=0.8' : '*/*',
    },
  });
  expect(response.status(), url).toBe(200);
  expect(response.headers()['content-type']).toBe(`image/${format}`);
  expect(response.headers()['cache-control']).toContain('private');
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  const bytes = await response.body();
  const text = bytes.toString('latin1');
  // GPS lives in the EXIF block; three-letter names would also turn up in compressed bytes by chance.
  for (const leak of ['Exif', PHONE_MAKE, 'Pocket 12']) {
    expect(text.includes(leak), `${leak} in ${url}`).toBe(false);
  }
  const meta = await sharp(bytes).metadata();
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
  expect(meta.iptc).toBeUndefined();
  expect(meta.orientation ?? 1).toBe(1);
  expect(meta.height).toBeGreaterThan(meta.width);
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => {
    const at = (y * info.width + x) * info.channels;
    return [data[at]!, data[at + 1]!, data[at + 2]!];
  };
  const middle = Math.floor(info.width / 2);
  const [topR, , topB] = pixel(middle, 2);
  const [bottomR, , bottomB] = pixel(middle, info.height - 3);
  expect(topR, 'red on top').toBeGreaterThan(200);
  expect(topB).toBeLessThan(60);
  expect(bottomB, 'blue below').toBeGreaterThan(200);
  expect(bottomR).toBeLessThan(60);
}

test('a friend sees the photos of a Friends-only note, clean and upright; a stranger gets nothing; the ended relation stops them; read offline; gone at sign-out', async ({
  page,
  context,
  request,
  app,
  createUsers,
}) => {
  // Four people, two uploads, the viewer, offline and sign-out: about 25 s on an idle machine.
  test.setTimeout(150_000);
  const [author, friend, stranger, nextPerson] = await createUsers(
    'author',
    'friend',
    'stranger',
    'next',
  );
  const { id: relationId } = await requestRelationViaApi(request, author, friend, 'Friend');
  await acceptRelationViaApi(request, friend, relationId);
  const note = await notesWithPhotos(request, author, ['Friend']);

  await signInAs(page, friend, '/my-feed');
  const card = ruminationCard(page, note.content);
  const grid = card.getByRole('list', { name: '2 photos' });
  await expectImagesLoaded(grid, 2);
  await expect(grid.getByRole('img', { name: note.photos[0]!.alt })).toBeVisible();
  const thumbnailUrl = await grid.locator('img').first().getAttribute('src');
  expect(thumbnailUrl).toMatch(
    new RegExp(`^/api/media/${note.photos[0]!.id}/thumbnail\\?viewer=${friend.id}&`),
  );

  // The viewer: the full photo and its alt text, arrows both ways, Escape back to the thumbnail.
  await grid.getByRole('button', { name: `Open photo 1: ${note.photos[0]!.alt}` }).click();
  const viewer = page.getByRole('dialog', { name: 'Photo 1 of 2' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText(note.photos[0]!.alt)).toBeVisible();
  await expectImagesLoaded(viewer, 1);
  const url = await viewer.locator('img').getAttribute('src');
  expect(url).toMatch(new RegExp(`^/api/media/${note.photos[0]!.id}/photo\\?viewer=${friend.id}&`));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: 'Photo 2 of 2' })).toBeVisible();
  await expect(page.getByRole('dialog').getByText(note.photos[1]!.alt)).toBeVisible();
  await page.getByRole('button', { name: 'Next photo' }).click();
  await expect(page.getByRole('dialog', { name: 'Photo 1 of 2' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('dialog', { name: 'Photo 2 of 2' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(
    grid.getByRole('button', { name: `Open photo 2: ${note.photos[1]!.alt}` }),
  ).toBeFocused();

  // What the friend's browser got holds no EXIF, GPS or camera, and stands upright.
  for (const format of ['webp', 'jpeg'] as const) {
    await expectCleanUpright(request, friend, url!, format);
    await expectCleanUpright(request, friend, thumbnailUrl!, format);
  }
  // The page's photos loaded before the service worker controlled it: by the photo cookie that
  // the notes' answer set (HttpOnly: the page cannot read it). The address alone, copied out of
  // the page, opens for nobody: not signed out, not for the stranger.
  expect(await page.evaluate(() => document.cookie)).not.toContain('media_session');
  for (const copied of [url!, thumbnailUrl!]) {
    expect((await request.get(copied)).status(), copied).toBe(404);
    expect((await request.get(copied, { headers: bearer(stranger) })).status(), copied).toBe(404);
  }

  // A stranger: no note, and no photo by any URL they can make.
  const asStranger = await request.get(`/api/ruminations/${note.id}`, {
    headers: bearer(stranger),
  });
  expect(asStranger.status()).toBe(404);
  const friendsQuery = new URL(url!, app.baseURL).searchParams;
  const forged = `/api/media/${note.photos[0]!.id}/photo?viewer=${stranger.id}&expires=${friendsQuery.get('expires')}&sig=${friendsQuery.get('sig')}`;
  expect((await request.get(forged, { headers: bearer(stranger) })).status()).toBe(404);
  // The friend's signature on the other photo's id: the mac covers the id.
  const otherId = `/api/media/${note.photos[1]!.id}/photo?${friendsQuery.toString()}`;
  expect((await request.get(otherId, { headers: bearer(friend) })).status()).toBe(404);
  // Even rightly signed (with the server's own key) for the stranger, with their token, or for
  // nobody: not visible.
  const signer = await serverMediaSigner(app);
  const expires = mediaUrlExpiry(new Date());
  for (const [viewer, headers] of [
    [stranger.id, bearer(stranger)],
    [ANONYMOUS_VIEWER, {}],
  ] as const) {
    const urls = await signedMediaUrls(note.photos[0]!.id, viewer, expires, signer);
    expect((await request.get(urls.url, { headers })).status(), `signed for ${viewer}`).toBe(404);
    expect((await request.get(urls.thumbnailUrl, { headers })).status(), `for ${viewer}`).toBe(404);
  }

  // Offline: the friend reloads without network and still sees the photos (the worker's cache).
  await waitForServiceWorker(page);
  // Loaded before the worker took control, the photos went past it: once more through it.
  await page.reload();
  await expectImagesLoaded(
    ruminationCard(page, note.content).getByRole('list', { name: '2 photos' }),
    2,
  );
  await expect
    .poll(() => cachedPhotoPaths(page))
    .toEqual(expect.arrayContaining(note.photos.map((p) => `/api/media/${p.id}/thumbnail`)));
  // The worker adds the friend's token to the app's photo requests: one sent without any cookie
  // opens too, where the address alone does not. (The full photo, taken out of the worker's cache
  // first, and past the browser's HTTP cache: both kept it from the viewer.)
  const throughWorker = await page.evaluate(async (src) => {
    const cache = await caches.open('photos-v1');
    await cache.delete(new URL(src, location.href).href.split('?')[0]!);
    return (await fetch(src, { credentials: 'omit', cache: 'no-store' })).status;
  }, url!);
  expect(throughWorker).toBe(200);
  const cachedPaths = await cachedPhotoPaths(page);
  expect(cachedPaths.every((p) => !p.includes('?'))).toBe(true);
  await context.setOffline(true);
  const offlinePhotos: boolean[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/media/')) {
      offlinePhotos.push(response.fromServiceWorker() && response.status() === 200);
    }
  });
  await page.reload();
  await expectImagesLoaded(
    ruminationCard(page, note.content).getByRole('list', { name: '2 photos' }),
    2,
  );
  // Answered by the worker from its cache, not by the browser's HTTP cache.
  expect(offlinePhotos.length).toBeGreaterThanOrEqual(2);
  expect(offlinePhotos.every(Boolean)).toBe(true);
  await context.setOffline(false);

  // The author ends the relation: the friend's copies of the URLs answer 404 at once, to the
  // friend's own token too.
  await deleteRelationViaApi(request, author, relationId);
  expect((await request.get(url!, { headers: bearer(friend) })).status()).toBe(404);
  expect((await request.get(thumbnailUrl!, { headers: bearer(friend) })).status()).toBe(404);

  // Sign-out empties the photo cache: the next person on this browser finds none of them.
  await signOut(page);
  await expect.poll(() => cachedPhotoPaths(page)).toEqual([]);
  await signInAs(page, nextPerson, '/my-feed');
  await expect(page.getByRole('heading', { name: 'My Feed' })).toBeVisible();
  expect(await cachedPhotoPaths(page)).toEqual([]);
});

test('the Markdown export holds the photos and the note links them', async ({
  request,
  createUser,
}) => {
  const author = await createUser('exporter');
  const note = await notesWithPhotos(request, author, ['Friend']);
  const response = await request.get('/api/account/export?format=markdown', {
    headers: bearer(author),
  });
  expect(response.status()).toBe(200);
  const files = unzipSync(new Uint8Array(await response.body()));
  const names = Object.keys(files);
  for (const photo of note.photos) {
    const name = names.find((n) => new RegExp(`(^|/)media/${photo.id}\\.(webp|jpg)$`).test(n));
    expect(name, `media/${photo.id} in ${names.join(', ')}`).toBeDefined();
    const meta = await sharp(Buffer.from(files[name!]!)).metadata();
    expect(meta.exif).toBeUndefined();
  }
  const noteFile = names
    .filter((n) => n.endsWith('.md'))
    .find((n) => strFromU8(files[n]!).includes(note.content));
  expect(noteFile).toBeDefined();
  const markdown = strFromU8(files[noteFile!]!);
  for (const photo of note.photos) {
    expect(markdown).toMatch(
      new RegExp(`!\\[[^\\]]*\\]\\((\\.\\.?/)*media/${photo.id}\\.(webp|jpg)\\)`),
    );
  }
});

test('axe: a card with photos and the open viewer, in both themes', async ({
  page,
  request,
  createUsers,
}) => {
  // Four axe runs: 45 s was too short on a loaded 2-core machine (about 20 s idle).
  test.setTimeout(90_000);
  const [author, friend] = await createUsers('shown', 'looker');
  await relateViaApi(request, author, friend, 'Friend');
  const note = await notesWithPhotos(request, author, ['Friend']);
  await signInAs(page, friend, '/my-feed');
  const card = ruminationCard(page, note.content);
  await inBothThemes(page, 'a card with photos', async () => {
    await expectImagesLoaded(card.getByRole('list', { name: '2 photos' }), 2);
  });
  await inBothThemes(page, 'the photo viewer', async () => {
    await card.getByRole('button', { name: `Open photo 1: ${note.photos[0]!.alt}` }).click();
    await expectImagesLoaded(page.getByRole('dialog', { name: 'Photo 1 of 2' }), 1);
  });
});
