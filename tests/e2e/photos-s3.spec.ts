import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { request as apiRequest, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import type { RunningServer } from '../../scripts/support/server-process';
import { createDatabase } from '../../server/db/database';
import { LOCAL_S3_CREDENTIALS, startLocalS3, type LocalS3 } from '../support/local-s3';
import { PHONE_MAKE, phonePhoto } from '../support/photo-fixtures';
import { insertActiveUser, type TestUser } from '../server/support/test-users';
import { startServer } from './support/e2e-server';
import { expect, personAt, test } from './support/fixtures';
import { relateViaApi, newRuminationDialog, ruminationCard, tickAudiences } from './support/ui';

/**
 * Issue 27's journey with the S3 setting: the production server started as `npm start` starts it,
 * with S3_BUCKET and S3_ENDPOINT naming a local S3-compatible server (s3rver). A photo added in the
 * composer lands in the bucket, not in DATA_DIR; the friend's card loads it from there, upright
 * and without metadata; a stranger's copy of the URL gets nothing.
 */

test.describe.configure({ timeout: 120_000 });

test.describe('photos in an S3-compatible bucket', () => {
  let s3: LocalS3;
  let server: RunningServer;
  let api: APIRequestContext;
  const jwtSecret = randomBytes(48).toString('base64');

  test.beforeAll(async () => {
    s3 = await startLocalS3('journey-photos');
    server = await startServer({
      staticDir: process.env.E2E_STATIC_DIR!,
      label: 's3',
      env: {
        JWT_SECRET: jwtSecret,
        S3_BUCKET: s3.settings.bucket,
        S3_ENDPOINT: s3.settings.endpoint,
        S3_REGION: s3.settings.region,
        AWS_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId,
        AWS_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey,
      },
    });
    api = await apiRequest.newContext({ baseURL: server.baseURL });
  });

  test.afterAll(async () => {
    await api?.dispose();
    await server?.stop();
    await s3?.stop();
  });

  /** A signed-in person, written straight to the server's SQLite file (sign-up has its own tests). */
  async function person(prefix: string): Promise<TestUser> {
    const username = `${prefix}_${randomBytes(4).toString('hex')}`;
    const email = `${username}@example.test`;
    const db = createDatabase({ sqliteFile: path.join(server.dataDir, 'ruminations.sqlite') });
    try {
      const { id, token } = await insertActiveUser(db, new TextEncoder().encode(jwtSecret), {
        username,
        email,
      });
      return { id, username, email, password: 'not-used', token };
    } finally {
      await db.destroy();
    }
  }

  test('a photo composed in the browser is kept in the bucket and served from it', async ({
    browser,
  }) => {
    const [alice, bob, carol] = [await person('alice'), await person('bob'), await person('carol')];
    await relateViaApi(api, alice, bob, 'Friend');
    const before = s3.keys();

    const page = await personAt(browser, server.baseURL, alice, '/my-ruminations');
    await page.getByRole('button', { name: 'New Rumination' }).click();
    const dialog = newRuminationDialog(page);
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Add photos' }).click();
    await (
      await chooser
    ).setFiles([{ name: 'IMG_2001.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto() }]);
    const photo = dialog.getByRole('group', { name: 'Photo 1 of 1' });
    await expect(photo.getByText('Uploaded')).toBeVisible({ timeout: 30_000 });
    await photo.getByLabel('Alt text').fill('The harbour at dusk');
    const content = `Harbour walk, by ${alice.username}`;
    await dialog.getByPlaceholder("What's on your mind?").fill(content);
    await tickAudiences(dialog, ['Friend']);
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(dialog).toBeHidden();

    // Four objects (photo and thumbnail, WebP and JPEG) in the bucket; nothing in DATA_DIR/media.
    const added = s3.keys().filter((key) => !before.includes(key));
    expect(added).toHaveLength(4);
    expect(added.map((key) => key.split('/').pop()).sort()).toEqual([
      'photo.jpg',
      'photo.webp',
      'thumbnail.jpg',
      'thumbnail.webp',
    ]);

    // Bob, her friend, sees it on her card, loaded from the bucket through the server.
    const bobPage = await personAt(browser, server.baseURL, bob, '/my-feed');
    const thumbnail = ruminationCard(bobPage, content).getByRole('img', {
      name: 'The harbour at dusk',
    });
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    const url = await bobPage.evaluate(async () => {
      const token = localStorage.getItem('token') ?? '';
      const notes = (await (
        await fetch('/api/ruminations/feed', { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as { media: { url: string }[] }[];
      return notes.flatMap((n) => n.media)[0]?.url ?? '';
    });
    expect(url).toMatch(/^\/api\/media\/\d+\/photo\?/);

    // With bob's token: the URL alone opens for nobody (his browser adds it, or sends his cookie).
    const served = await api.get(url, {
      headers: { Accept: 'image/webp', Authorization: `Bearer ${bob.token}` },
    });
    expect(served.status()).toBe(200);
    const bytes = await served.body();
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.height).toBeGreaterThan(meta.width ?? 0);
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from(PHONE_MAKE))).toBe(false);

    // Carol, a stranger, finds nothing when she makes bob's URL out to herself.
    const forCarol = url.replace(/viewer=\d+/, `viewer=${carol.id}`);
    expect(
      (await api.get(forCarol, { headers: { Authorization: `Bearer ${carol.token}` } })).status(),
    ).toBe(404);
    await bobPage.context().close();
    await page.context().close();
  });
});
