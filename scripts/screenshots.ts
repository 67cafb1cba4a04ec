/**
 * Saves docs/screenshots/{desktop-light,desktop-dark,mobile}.png: the production build, served by
 * the real server on a throw-away data folder, with a few people and their ruminations.
 *
 *   npx tsx scripts/screenshots.ts
 *
 * Uses Debian's Chromium (CHROMIUM_PATH to override), like the e2e tests.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.mjs';
import { createAccount, type Account } from './support/accounts';
import { REPO_ROOT } from './support/repo-root';
import { manyPeopleEnv, startServer, type RunningServer } from './support/server-process';
import { viteBuild } from './support/vite-build';

const OUT_DIR = path.join(REPO_ROOT, 'docs', 'screenshots');

async function api<T>(
  server: RunningServer,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(`${server.baseURL}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

async function seed(server: RunningServer): Promise<Account> {
  const [maya, jonas, ines] = await Promise.all([
    createAccount(server, 'maya'),
    createAccount(server, 'jonas'),
    createAccount(server, 'ines'),
  ]);
  const relate = async (from: Account, to: Account, relationType: number) => {
    const relation = await api<{ id: number }>(
      server,
      'POST',
      '/api/UserRelations',
      { userId: to.id, relationType },
      from.token,
    );
    await api(server, 'PUT', `/api/UserRelations/${relation.id}/accept`, undefined, to.token);
  };
  await relate(jonas, maya, 2);
  await relate(ines, maya, 1);
  const write = (who: Account, content: string, audiences?: string[]) =>
    api<{ id: number }>(
      server,
      'POST',
      '/api/ruminations',
      { content, publish: true, ...(audiences ? { audiences } : {}) },
      who.token,
    );

  await write(
    ines,
    'Sunday lunch at grandma’s: the first time **all eleven of us** fit around the table.\n\n- her lemon cake\n- the old songs\n- nobody on a phone',
    ['Family'],
  );
  const walk = await write(
    jonas,
    'Walked home the long way tonight. The river smelled like rain and nobody needed anything from me for forty minutes.',
    ['Friend', 'BestFriend'],
  );
  const comment = await api<{ id: number }>(
    server,
    'POST',
    '/api/comments',
    { ruminationId: walk.id, content: 'Those walks are the best kind of medicine.' },
    maya.token,
  );
  await api(
    server,
    'POST',
    '/api/comments',
    { parentCommentId: comment.id, content: 'Next time, come along?' },
    jonas.token,
  );
  await write(
    maya,
    'Started keeping this journal again. Small notes, most days. Let’s see how long it lasts.',
  );
  return maya;
}

async function shoot(page: Page, file: string) {
  // Not 'networkidle': a signed-in page holds its notification stream open, so the network never
  // rests. What must show is awaited in open(); the fonts and a moment for transitions remain.
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(OUT_DIR, file) });
  console.log(`saved docs/screenshots/${file}`);
}

async function main() {
  const buildRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'ruminations-screens-'));
  const dist = path.join(buildRoot, 'dist');
  await viteBuild(dist);
  const server = await startServer({ staticDir: dist, label: 'screens', env: manyPeopleEnv() });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const maya = await seed(server);
    fs.mkdirSync(OUT_DIR, { recursive: true });
    const open = async (options: Parameters<typeof browser.newContext>[0]) => {
      const context = await browser.newContext({ baseURL: server.baseURL, ...options });
      await context.addInitScript((token) => localStorage.setItem('token', token), maya.token);
      const page = await context.newPage();
      await page.goto('/my-feed');
      await page.getByText('Walked home the long way').waitFor();
      // A thread open, and the Markdown of a note rendered (it arrives once the page is idle).
      const walk = page.getByRole('article').filter({ hasText: 'Walked home the long way' });
      await walk.getByRole('button', { name: '2 comments' }).click();
      await walk.getByText('Next time, come along?').waitFor();
      await page.getByRole('strong').filter({ hasText: 'all eleven of us' }).waitFor();
      return page;
    };
    const light = await open({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
    await shoot(light, 'desktop-light.png');
    const dark = await open({ viewport: { width: 1280, height: 800 }, colorScheme: 'dark' });
    await shoot(dark, 'desktop-dark.png');
    const mobile = await open({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      colorScheme: 'light',
    });
    await shoot(mobile, 'mobile.png');
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(buildRoot, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
