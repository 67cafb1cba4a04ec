import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Serves and emits MSW's service worker script (public-demo/mockServiceWorker.js) in demo mode
 * only, beside the ordinary public/ files: the production app must never ship a script that can
 * answer its API calls.
 */
const WORKER_FILE = 'mockServiceWorker.js';
const workerPath = fileURLToPath(new URL(`../public-demo/${WORKER_FILE}`, import.meta.url));

export function demoServiceWorker(): Plugin {
  let base = '/';
  return {
    name: 'ruminations-demo-service-worker',
    apply: (_config, env) => env.mode === 'demo',
    configResolved(config) {
      base = config.base;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== `${base}${WORKER_FILE}`) return next();
        res.setHeader('Content-Type', 'text/javascript');
        res.end(readFileSync(workerPath));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: WORKER_FILE, source: readFileSync(workerPath) });
    },
  };
}
