import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { demoServiceWorker } from './mocks/vite-demo-worker';

// One config for the SPA build, the dev server and the tests (vitest projects below).
export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    // Demo mode only: MSW's service worker script (public-demo/), beside public/.
    demoServiceWorker(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: [
            'tests/unit/**/*.test.{ts,tsx}',
            'tests/component/**/*.test.{ts,tsx}',
            'tests/mocks/**/*.test.{ts,tsx}',
          ],
          setupFiles: ['tests/support/setup-client.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
