import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/chromium.mjs';

/**
 * Browser journeys (tests/e2e) against the production build served by the real server, in
 * Debian's Chromium (scripts/chromium.mjs).
 */

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: true,
  // Two cores: two browsers at most, or the server and the builds starve.
  workers: 2,
  // On CI, one more try: journeys with two tabs or double clicks race a loaded 2-core machine (the
  // hand-over and the double-click journeys each failed one full run in four there); a real bug
  // fails both tries, and the report counts a pass on the second try as flaky.
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 7_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: 'test-results',
  use: {
    ...devices['Desktop Chrome'],
    // The real address comes from the global setup (a free port); see tests/e2e/support/fixtures.ts.
    // A trace records every action of every test and keeps it only for a failure: on CI, where
    // nobody can open it afterwards, that is CPU the journeys need (the screenshot and the error
    // context of a failure are still printed and kept).
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    launchOptions: chromiumLaunchOptions,
    // One browser context per worker, reset between tests (Playwright's own reset: cookies,
    // storage, IndexedDB, service workers, pages, routes and init scripts; the fixtures put it back
    // online and take back permissions, which it leaves). A fresh context and the service worker's
    // first install of the app cost Chromium about 1.3 CPU-s a test, a fifth of the journeys.
    // The files whose subject is the service worker, its caches or a first visit take a fresh
    // context for each test instead: `test.use({ reuseContext: false })` at their top.
    reuseContext: true,
    // No service worker in those reused contexts: it serves the built app and photos offline and
    // takes push messages, and reinstalling it after every reset (it precaches the whole build)
    // cost Chromium about 1.5 CPU-s a test. It caches no API answer, so a page behaves the same
    // without it. The files about it, the offline app and the demo's mock backend (a service
    // worker too) take a fresh context with it allowed: `reuseContext: false, serviceWorkers: 'allow'`.
    serviceWorkers: 'block',
  },
  projects: [{ name: 'chromium' }],
});
