import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { viteBuild } from '../../../scripts/support/vite-build';
import { startServer } from './e2e-server';
import { startPushService } from './push-service';
import { serveStatic } from './static-server';

/**
 * Once per run: build the app and the demo, start one production server (tests keep apart by using
 * fresh usernames) and a static server for the demo. What the tests need is handed over in environment
 * variables, which Playwright passes on to the worker processes.
 *
 * E2E_BUILD_DIR=/some/folder reuses (or fills) a build folder across runs, to iterate faster locally.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const buildRoot =
    process.env.E2E_BUILD_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ruminations-e2e-build-'));
  const appDir = path.join(buildRoot, 'dist');
  const demoDir = path.join(buildRoot, 'dist-demo');
  const reuse = Boolean(process.env.E2E_BUILD_DIR);

  const started = Date.now();
  if (!(reuse && fs.existsSync(path.join(appDir, 'index.html')))) await viteBuild(appDir);
  // The demo is one journey among many: if its build fails, that journey reports it, not the run.
  let demoError = '';
  if (!(reuse && fs.existsSync(path.join(demoDir, 'index.html')))) {
    await viteBuild(demoDir, 'demo').catch((error: unknown) => {
      demoError = String(error instanceof Error ? error.message : error);
    });
  }
  console.log(`[e2e] builds ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // Before any server: each lists the push service's origin in PUSH_ALLOWED_ORIGINS (e2e-server.ts).
  const pushService = await startPushService();
  process.env.E2E_PUSH_ORIGIN = pushService.origin;
  process.env.E2E_PUSH_INSPECT_URL = pushService.inspectURL;

  const server = await startServer({ staticDir: appDir, label: 'shared' });
  process.env.E2E_BASE_URL = server.baseURL;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_LOG_FILE = server.logFile;
  process.env.E2E_STATIC_DIR = appDir;

  let demo: Awaited<ReturnType<typeof serveStatic>> | undefined;
  if (demoError) {
    process.env.E2E_DEMO_ERROR = demoError;
  } else {
    demo = await serveStatic(demoDir);
    process.env.E2E_DEMO_URL = demo.baseURL;
  }
  console.log(`[e2e] server ${server.baseURL} (log ${server.logFile})`);

  return async () => {
    await server.stop();
    await demo?.close();
    await pushService.close();
    if (!reuse) fs.rmSync(buildRoot, { recursive: true, force: true });
  };
}
