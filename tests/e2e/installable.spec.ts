import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/fixtures';
import { waitForServiceWorker } from './support/ui';

// This file is about the manifest and the service worker's first install: a fresh browser context
// for each test, not the worker's reused one (playwright.config.ts, reuseContext).
test.use({ reuseContext: false, serviceWorkers: 'allow' });

/**
 * The installable app (issue 26): the web app manifest and its icons as the server sends them,
 * Chromium's own verdict on installing it (the DevTools protocol's Page.getInstallabilityErrors,
 * what the browser's install prompt and Lighthouse's installability check ask), and start_url
 * opening without network.
 */

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Width, height and colour type from a PNG's IHDR chunk (6: with alpha; 2: opaque RGB). */
function pngHeader(bytes: Buffer): { width: number; height: number; colourType: number } {
  expect(bytes.subarray(0, 8).toString('hex'), 'the PNG signature').toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), colourType: bytes[25]! };
}

test('the manifest names the app, opens it standalone at /, and its icons load', async ({
  request,
}) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
  expect(manifest).toMatchObject({
    name: 'Ruminations',
    short_name: 'Ruminations',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    // The light theme's tokens (src/styles.css): the nav bar's surface and the page.
    theme_color: '#ffffff',
    background_color: '#f7f6f3',
  });
  expect(String(manifest.description)).not.toBe('');

  const wanted = ['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable'];
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort()).toEqual(
    wanted.sort(),
  );
  for (const icon of manifest.icons) {
    const got = await request.get(icon.src);
    expect(got.status(), icon.src).toBe(200);
    expect(got.headers()['content-type'], icon.src).toBe('image/png');
    const { width, height, colourType } = pngHeader(await got.body());
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    // A maskable icon is full bleed: no transparent pixel for a launcher's mask to show.
    if (icon.purpose === 'maskable') expect(colourType, `${icon.src} is opaque`).toBe(2);
  }

  // What a notification shows, and the home-screen icon of iOS.
  for (const [src, size] of [
    ['/icons/badge-96.png', 96],
    ['/icons/apple-touch-icon-180.png', 180],
  ] as const) {
    const got = await request.get(src);
    expect(got.status(), src).toBe(200);
    expect(got.headers()['content-type'], src).toBe('image/png');
    expect(pngHeader(await got.body()).width, src).toBe(size);
  }
});

test('Chromium finds nothing against installing it, and start_url opens offline', async ({
  app,
  playwright,
  launchOptions,
}) => {
  // A browser of its own, and the service worker's first install: slower than most journeys.
  test.setTimeout(90_000);
  // Chromium never offers to install from an incognito profile (its verdict is "in-incognito"),
  // and Playwright's contexts are incognito: this one runs on a profile on disk, as a person's does.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'ruminations-install-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL: app.baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifest.webmanifest',
    );
    // What Lighthouse's PWA category checked before version 12 dropped it (themed title bar, a
    // viewport for phones, an iOS icon), beside Chromium's verdict below.
    await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2);
    await expect(page.locator('meta[name="viewport"]')).toHaveAttribute(
      'content',
      /width=device-width/,
    );
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
      'href',
      '/icons/apple-touch-icon-180.png',
    );
    await waitForServiceWorker(page);

    const cdp = await context.newCDPSession(page);
    const { url, errors: parseErrors } = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: { message: string; critical: number }[];
    };
    expect(new URL(url).pathname).toBe('/manifest.webmanifest');
    expect(parseErrors, 'manifest parse errors').toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors, 'Chromium: installability errors').toEqual([]);
    // The same question about a page without a manifest (another origin, answered by the test)
    // gets Chromium's objection: the check is live in this browser and profile.
    const bare = await context.newPage();
    await bare.route('http://no-manifest.test/', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Bare</title><p>Hi' }),
    );
    await bare.goto('http://no-manifest.test/');
    const bareCdp = await context.newCDPSession(bare);
    const bareErrors = (await bareCdp.send('Page.getInstallabilityErrors')).installabilityErrors;
    expect(bareErrors.map((e) => e.errorId)).toContain('no-manifest');
    await bare.close();

    // start_url without network: the service worker answers it with the app.
    await context.setOffline(true);
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page).toHaveTitle(/Ruminations/);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});
