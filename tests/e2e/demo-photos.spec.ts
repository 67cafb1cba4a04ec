import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import {
  choosePublic,
  fillSignIn,
  newRuminationDialog,
  publishPubliclyIfAsked,
  ruminationCard,
} from './support/ui';
import { PHONE_MAKE, phonePhoto } from '../support/photo-fixtures';

// This file is about the demo's mock backend, a service worker of another origin: a fresh browser
// context for each test, not the worker's reused one (playwright.config.ts, reuseContext).
test.use({ reuseContext: false, serviceWorkers: 'allow' });

/**
 * Photos in the demo (issue 27): the mock backend in the browser stores uploads in IndexedDB,
 * re-encodes them with a canvas (upright, no metadata) and serves them through the same signed
 * URLs as the server. An `<img>` of such a URL is a subresource request of the page, which MSW's
 * service worker hands to the mock: these images load only if it does (the static server that
 * serves the demo has no /api).
 */

function demoURL(): string {
  const url = process.env.E2E_DEMO_URL;
  if (!url) throw new Error(`The demo build failed: ${process.env.E2E_DEMO_ERROR ?? '?'}`);
  return url;
}

async function signInToDemo(page: Page, username: string): Promise<void> {
  await page.goto(`${demoURL()}/login`);
  await fillSignIn(page, username, 'demo-pass');
  await expect(page).toHaveURL(/\/my-ruminations$/);
}

interface LoadedImage {
  src: string;
  naturalWidth: number;
  naturalHeight: number;
  /** The colour of the pixel in the middle of the top row, as the page's canvas reads it. */
  top: [number, number, number];
}

/** Loads URLs as `<img>` elements of the page (subresource requests), as a card would. */
function loadImages(page: Page, urls: string[]): Promise<LoadedImage[]> {
  return page.evaluate(
    (list) =>
      Promise.all(
        list.map(
          (src) =>
            new Promise<LoadedImage>((resolve, reject) => {
              const img = document.createElement('img');
              img.onload = () => {
                const canvas = document.createElement('canvas');
                canvas.width = img.naturalWidth;
                canvas.height = img.naturalHeight;
                const context = canvas.getContext('2d')!;
                context.drawImage(img, 0, 0);
                const [r, g, b] = context.getImageData(
                  Math.floor(img.naturalWidth / 2),
                  2,
                  1,
                  1,
                ).data;
                resolve({
                  src,
                  naturalWidth: img.naturalWidth,
                  naturalHeight: img.naturalHeight,
                  top: [r!, g!, b!],
                });
              };
              img.onerror = () => reject(new Error(`The image did not load: ${src}`));
              img.src = src;
              document.body.append(img);
            }),
        ),
      ),
    urls,
  );
}

/** The bytes a URL serves, as the page's fetch gets them, and their type. */
function fetchBytes(
  page: Page,
  url: string,
): Promise<{ type: string; text: string; size: number }> {
  return page.evaluate(async (src) => {
    const response = await fetch(src, { headers: { Accept: 'image/webp,image/*' } });
    const bytes = new Uint8Array(await response.arrayBuffer());
    return {
      type: response.headers.get('Content-Type') ?? '',
      // Latin-1, so that ASCII markers ('Exif', a camera make) can be looked for.
      text: Array.from(bytes, (b) => String.fromCharCode(b)).join(''),
      size: bytes.length,
    };
  }, url);
}

/** A card's photo shows: its thumbnail, scrolled to (they load lazily), has loaded. */
async function expectPhotoShown(card: Locator, alt: string | RegExp): Promise<void> {
  const image = card.getByRole('img', { name: alt });
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
}

interface MediaJson {
  id: number;
  width: number;
  height: number;
  alt: string;
  url: string;
  thumbnailUrl: string;
}

test('demo: the seed’s photos load as images, and an uploaded phone photo shows upright with no EXIF', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInToDemo(page, 'maya');
  // Her run's card shows the harbour at sunset, from the seed.
  await expectPhotoShown(
    ruminationCard(page, 'First morning run in months'),
    /The harbour at sunset/,
  );

  // The seed's photos, as an anonymous reader of the public notes gets them.
  const seeded = await page.evaluate(async () => {
    const response = await fetch('/api/ruminations/public?Limit=100');
    const notes = (await response.json()) as { content: string; media: MediaJson[] }[];
    return notes.flatMap((n) => n.media);
  });
  expect(seeded).toHaveLength(3);
  for (const m of seeded) {
    expect(m.alt).not.toBe('');
    expect(m.url).toMatch(/^\/api\/media\/\d+\/photo\?viewer=0&expires=\d+&sig=/);
  }
  const seedImages = await loadImages(
    page,
    seeded.flatMap((m) => [m.url, m.thumbnailUrl]),
  );
  for (const [i, m] of seeded.entries()) {
    const photo = seedImages[i * 2]!;
    const thumbnail = seedImages[i * 2 + 1]!;
    expect([photo.naturalWidth, photo.naturalHeight]).toEqual([m.width, m.height]);
    expect(thumbnail.naturalWidth).toBeGreaterThan(0);
    expect(Math.max(thumbnail.naturalWidth, thumbnail.naturalHeight)).toBe(320);
  }
  const seedBytes = await fetchBytes(page, seeded[0]!.url);
  expect(seedBytes.type).toBe('image/webp');

  // A phone photo (sideways with EXIF orientation 6, GPS and a camera make), uploaded through
  // the API from the page, then attached to a Friends-only note.
  const phone = await phonePhoto(1600, 1200);
  const note = await page.evaluate(async (bytes) => {
    const login = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'maya', password: 'demo-pass' }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const auth = { Authorization: `Bearer ${accessToken}` };
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'IMG_0001.jpg');
    const uploaded = await fetch('/api/media', { method: 'POST', headers: auth, body: form });
    const upload = { status: uploaded.status, json: (await uploaded.json()) as { id: number } };
    const created = await fetch('/api/ruminations', {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        content: 'Photo from my phone, friends only',
        publish: true,
        audiences: ['Friend'],
        media: [{ id: upload.json.id, alt: 'Red above, blue below' }],
      }),
    });
    return { upload, created: (await created.json()) as { id: number; media: MediaJson[] } };
  }, Array.from(phone));
  expect(note.upload.status).toBe(201);
  expect(note.upload.json).toEqual({ id: expect.any(Number), width: 1200, height: 1600 });
  const [attached] = note.created.media;
  expect(attached).toMatchObject({ width: 1200, height: 1600, alt: 'Red above, blue below' });

  const [photo, thumbnail] = await loadImages(page, [attached!.url, attached!.thumbnailUrl]);
  expect([photo!.naturalWidth, photo!.naturalHeight]).toEqual([1200, 1600]);
  expect([thumbnail!.naturalWidth, thumbnail!.naturalHeight]).toEqual([240, 320]);
  // Upright: the top is red (the left half of the sideways original).
  expect(photo!.top[0]).toBeGreaterThan(200);
  expect(photo!.top[2]).toBeLessThan(60);

  for (const url of [attached!.url, attached!.thumbnailUrl]) {
    const served = await fetchBytes(page, url);
    expect(served.type).toBe('image/webp');
    expect(served.size).toBeGreaterThan(0);
    for (const leak of ['Exif', PHONE_MAKE, 'GPS']) expect(served.text).not.toContain(leak);
  }

  // Another person of the demo who is not Maya's friend gets nothing from the URL.
  const forged = attached!.url.replace(/viewer=\d+/, 'viewer=0');
  const refused = await page.evaluate(async (src) => (await fetch(src)).status, forged);
  expect(refused).toBe(404);

  // Kept across a reload: the row in localStorage, the files in IndexedDB.
  await page.reload();
  // The mock answers once the app has started it again: the note's card, which only its answer
  // brings, says it has (the page's frame, its navigation included, paints before any script).
  const card = ruminationCard(page, 'Photo from my phone, friends only');
  await expect(card).toBeVisible();
  const [again] = await loadImages(page, [attached!.url]);
  expect(again!.naturalWidth).toBe(1200);
  // ...and the note's card shows it.
  await expectPhotoShown(card, 'Red above, blue below');
});

test('demo: a photo added in the composer is uploaded to the mock and shows on the new note', async ({
  page,
}) => {
  await signInToDemo(page, 'leo');
  await page.getByRole('button', { name: 'New Rumination' }).click();
  const dialog = newRuminationDialog(page);
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Add photos' }).click();
  await (
    await chooser
  ).setFiles([{ name: 'IMG_0002.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto() }]);
  const photo = dialog.getByRole('group', { name: 'Photo 1 of 1' });
  await expect(photo.getByText('Uploaded')).toBeVisible({ timeout: 20_000 });
  await photo.getByLabel('Alt text').fill('The bike, fixed, leaning on the red door');
  const content = 'The bike is fixed: proof';
  await dialog.getByPlaceholder("What's on your mind?").fill(content);
  // The demo people ask each time, as new accounts do.
  await choosePublic(dialog);
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await publishPubliclyIfAsked(page, dialog);
  await expect(dialog).toBeHidden();
  await expectPhotoShown(ruminationCard(page, content), 'The bike, fixed, leaning on the red door');
});
