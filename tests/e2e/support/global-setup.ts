import { appBuild } from '../../../scripts/support/vite-build';
import { startServer } from './e2e-server';
import { startPushService } from './push-service';
import { serveStatic } from './static-server';

/**
 * Once per run: build the app and the demo (or take them from BUILD_CACHE_DIR, where `npm test`
 * built them once for every stage: scripts/support/vite-build.ts), start one production server
 * (tests keep apart by using fresh usernames) and a static server for the demo. What the tests need
 * is handed over in environment variables, which Playwright passes on to the worker processes.
 *
 * BUILD_CACHE_DIR=/some/folder also reuses (or fills) a build folder across local runs.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const started = Date.now();
  const app = await appBuild();
  const appDir = app.dir;
  // The demo is one journey among many: if its build fails, that journey reports it, not the run.
  let demoError = '';
  const demoBuild = await appBuild('demo').catch((error: unknown) => {
    demoError = String(error instanceof Error ? error.message : error);
    return undefined;
  });
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
  process.env.E2E_JWT_SECRET = server.jwtSecret;

  let demo: Awaited<ReturnType<typeof serveStatic>> | undefined;
  if (demoBuild === undefined) {
    process.env.E2E_DEMO_ERROR = demoError;
  } else {
    demo = await serveStatic(demoBuild.dir);
    process.env.E2E_DEMO_URL = demo.baseURL;
  }
  console.log(`[e2e] server ${server.baseURL} (log ${server.logFile})`);

  return async () => {
    await server.stop();
    await demo?.close();
    await pushService.close();
    app.release();
    demoBuild?.release();
  };
}
