import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { demoServiceWorker } from './mocks/vite-demo-worker';
import { precompress } from './build/precompress';
import { inlineBootScripts } from './build/inline-boot-scripts';
import { staticShell } from './build/static-shell';
import { linguiMacros } from './build/lingui-macros';

const BUILD_ID = new Date().toISOString();

// One config for the SPA build, the dev server and the tests (vitest projects below).
export default defineConfig(({ mode }) => ({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        // /public is where strangers land (and where / sends them): its page is in the entry, so
        // a first visit fetches one script, not the entry and then, once it has run, five small
        // route chunks a round trip later (scripts/client-budget.mjs).
        splitBehavior: ({ routeId }) => (routeId === '/public' ? [] : undefined),
      },
    }),
    linguiMacros(),
    inlineBootScripts(),
    staticShell(),
    react(),
    tailwindcss(),
    // Demo mode only: MSW's service worker script (public-demo/), beside public/.
    demoServiceWorker(),
    // The app's service worker (src/service-worker/sw.ts): the app shell offline (the built app
    // precached, so a reload without network opens it; data is the query cache's business,
    // features/offline, never cached here, but for photos already seen, which an `<img>` reads past
    // the query cache), and Web Push notifications. Off in demo mode (MSW's
    // worker owns the same scope) and in tests.
    VitePWA({
      disable: mode === 'demo' || mode === 'test',
      registerType: 'autoUpdate',
      // The icons the worker needs are in globPatterns; the manifest's large ones are not precached.
      includeManifestIcons: false,
      // Registered from the entry (src/app/register-service-worker.ts): no registerSW.js request.
      injectRegister: false,
      strategies: 'injectManifest',
      srcDir: 'src/service-worker',
      filename: 'sw.ts',
      injectManifest: {
        // manifest.webmanifest is added by the plugin.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
        // Of the icons, only what a notification shows: the launcher's and the splash screen's
        // (about 220 KB) are the browser's to fetch when the app is installed.
        globIgnores: ['icons/{icon-512,maskable-*,apple-touch-icon-*}.png'],
        // One self-contained classic script: registerSW.js registers it without type: 'module'.
        rollupFormat: 'iife',
      },
      // Installable (Chromium's criteria, Lighthouse's PWA checks); start_url opens offline through
      // the navigation route. Colours: the light theme's tokens (src/styles.css), the nav bar's
      // surface for the title bar and the page's for the splash; a manifest holds one theme, so
      // index.html's theme-color metas give both.
      manifest: {
        name: 'Ruminations',
        short_name: 'Ruminations',
        description: 'A private journal you share with the people in your life.',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        lang: 'en',
        theme_color: '#ffffff',
        background_color: '#f7f6f3',
        // scripts/make-icons.mjs draws them from public/favicon.svg.
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icons/maskable-192.png',
            sizes: '192x192',
            type: 'image/png',
            purpose: 'maskable',
          },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
    }),
    // Last: brotli and gzip copies of everything above, service worker included.
    precompress(),
  ],
  define: {
    // The offline cache's buster (features/offline): a new build never reads an old build's data.
    'import.meta.env.VITE_BUILD_ID': JSON.stringify(BUILD_ID),
  },
  build: {
    // Every browser that runs this build's syntax supports <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the entry imports statically is downloaded on every first visit anyway: as one
          // chunk instead of a dozen it compresses better and drops the imports between them
          // (about 5 KB gzipped less). Lazy chunks keep their own code (scripts/client-budget.mjs).
          groups: [
            { name: 'app', tags: ['$initial'] },
            // Small modules that several lazy chunks share, among them what every list of notes
            // needs ("Load more", the avatar, relation labels, who is signed in): each on its own
            // was a file of 0.2-0.5 KB on the first visit, as much in headers as in code.
            {
              name: 'shared-parts',
              test: /src[\\/](components[\\/]ui[\\/](load-more-button|user-avatar)\.tsx|domain[\\/]relation-types\.ts|features[\\/]auth[\\/](use-current-user|auth-api)\.ts)$/,
            },
            // The offline-write machinery, every feature's writes and mutations, and the shell's
            // list of them are needed together (at sign-in and at the first save): one lazy chunk
            // instead of seven, so the entry names one file for them instead of seven.
            {
              name: 'writes',
              test: /src[\\/](app|features[\\/][a-z-]+)[\\/]([a-z-]+-writes|[a-z-]*mutations|queue-if-offline)\.ts$/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  test: {
    // Most of a server test's time is spent waiting (timers, sockets, PostgreSQL), so more
    // workers than cores pay off; VITEST_MAX_WORKERS overrides.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    projects: [
      {
        extends: true,
        test: {
          // The shared layer's decisions, pure functions: no DOM and no mock backend to set up
          // (a DOM and the mock backend's modules cost about two seconds a file).
          name: 'decisions',
          environment: 'node',
          include: ['tests/unit/decisions/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          // Unit tests of plain modules (search, exports, digests, the SW's push, ...): no DOM, and
          // a worker's loaded modules shared across files; 16 files in 4 CPU-s instead of 30 with
          // a DOM each. Those that need a browser's globals are named *.dom.test.ts (client).
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
          exclude: [
            'tests/unit/decisions/**',
            'tests/unit/**/*.dom.test.ts',
            'tests/**/*.isolated.test.{ts,tsx}',
          ],
          isolate: false,
          pool: 'threads',
        },
      },
      {
        extends: true,
        test: {
          // The mock backend's calls over fetch: node's own fetch, which msw intercepts, needs no
          // DOM. Files share a worker's loaded modules (the store is emptied before each test), as
          // the server's do: with a DOM and the mock backend loaded anew for each file, these 27
          // files cost 98 CPU-s instead of 26.
          name: 'mock-backend',
          environment: 'node',
          include: ['tests/mocks/**/*.test.ts'],
          setupFiles: ['tests/support/msw.ts'],
          isolate: false,
          pool: 'threads',
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          // happy-dom, not jsdom: the same 518 tests in 104 CPU-s instead of 173 (most of jsdom's
          // time went to getComputedStyle, which Testing Library's role queries call at each poll).
          environment: 'happy-dom',
          include: [
            'tests/unit/**/*.dom.test.ts',
            'tests/component/**/*.test.{ts,tsx}',
            'tests/mocks/**/*.test.tsx',
          ],
          exclude: ['tests/**/*.isolated.test.{ts,tsx}'],
          // The mock backend first: a setup file of its own (tests/support/msw.ts says why).
          setupFiles: ['tests/support/msw.ts', 'tests/support/setup-client.ts'],
          // Worker threads sharing one DOM and the loaded modules across a worker's files, as
          // the server's and the mock backend's do: a fresh DOM, app and mock backend for each
          // of the ~70 files cost about 4 CPU-s a file, more than most files' tests. What a test
          // renders it unmounts (cleanup), and the setup files empty the storage and the mock
          // backend after each test.
          pool: 'threads',
          isolate: false,
          // Whole-app renders in a test DOM race the clock on a loaded 2-core CI machine; one retry there
          // keeps a slow machine from reading as a broken screen (a real bug fails both tries).
          retry: process.env.CI ? 1 : 0,
        },
      },
      {
        extends: true,
        test: {
          // The few client files that replace modules (vi.resetModules, vi.doMock), install a
          // global for good (fake-indexeddb), render the app on a fake clock (whose idle timer,
          // src/lib/after-first-load.ts, would never fire for the files after them) or need a
          // page that has loaded nothing yet: each in a worker of its own, else the next file of
          // a shared worker would load the app twice, find the last file's IndexedDB or never get
          // its Markdown rendered, and these would find the renderer loaded by an earlier file.
          name: 'client-isolated',
          environment: 'happy-dom',
          include: ['tests/**/*.isolated.test.{ts,tsx}'],
          setupFiles: ['tests/support/msw.ts', 'tests/support/setup-client.ts'],
          pool: 'threads',
          retry: process.env.CI ? 1 : 0,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          // The schema migrated once, copied into each test's database (test-database.ts).
          globalSetup: ['tests/server/support/global-setup.ts'],
          // Test files share a worker's loaded modules: importing the server anew for each of the
          // ~80 files cost more than their tests. What a file starts (apps, databases, timers)
          // it also stops, and state is per app, not per module.
          isolate: false,
          testTimeout: 20_000,
        },
      },
    ],
  },
}));
