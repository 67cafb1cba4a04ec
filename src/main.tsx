import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { AppProviders } from './app/app-providers';
import { AuthSession } from './features/auth/auth-session';
import { bootOffline } from './features/offline/offline-boot';
import { createQueryClient } from './lib/query-client';
import { createAppRouter, PENDING_MS } from './app/router';
import { registerServiceWorker } from './app/register-service-worker';
import {
  currentChoice,
  onLanguageChange,
  speakLanguage,
  spokenLanguage,
} from './lib/i18n/language';

// zod (loaded with the forms) probes once whether `new Function` is allowed, to compile faster
// parsers. Our Content-Security-Policy forbids it, and the browser reports the caught probe as a
// violation (Lighthouse's "Issues"). Set before zod loads: its global config starts from this.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = {
  jitless: true,
};

/**
 * Hands the main thread back to the browser (input, paint) between the boot's steps: each is a few
 * milliseconds on a laptop but tens on a slow phone, and run back to back they were one long task
 * (Total Blocking Time). `scheduler.yield` resumes ahead of other queued work where the browser has
 * it; a timer elsewhere.
 */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function start(): Promise<void> {
  // The entry's evaluation was one task already; the boot starts in the next.
  await yieldToBrowser();
  // `npm run demo`: the mock backend answers /api in the browser; it must run before any call.
  if (import.meta.env.MODE === 'demo') {
    // The one place the SPA loads the mock backend: the demo build's entry starts it.
    // eslint-disable-next-line import-x/no-restricted-paths
    await (await import('../mocks/browser')).startMockBackend();
  }
  const queryClient = createQueryClient();
  const auth = new AuthSession();
  // The signed-in person's saved copy (reads and queued writes) is in the cache before the first
  // screen loads, so it shows at once and offline.
  // Spanish and Arabic fetch their catalogue meanwhile; English has none to fetch.
  await Promise.all([
    bootOffline(
      queryClient,
      auth,
      async () => (await import('./app/offline-writes')).registerFeatureWrites,
    ),
    speakLanguage(currentChoice()),
  ]);
  await yieldToBrowser();
  const router = createAppRouter({ queryClient, auth });
  // A session that ends without Sign Out (the server refused the token) re-runs the route guards,
  // so a signed-in screen gives way to /login instead of showing errors.
  let wasSignedIn = auth.isAuthenticated;
  auth.subscribe(() => {
    const signedIn = auth.isAuthenticated;
    if (wasSignedIn && !signedIn) {
      // Ended by the server (the token refused), not by Sign Out: the browser still lets go of what
      // sign-out would have removed (the push subscription: its push service then answers 410).
      void auth.runSignOutTasks();
      void router.invalidate();
    }
    wasSignedIn = signedIn;
  });
  await yieldToBrowser();
  // The first screen's route is loaded (its chunk, its loader's data) before the first render, so
  // that render is the whole screen at once, as a transition that yields every few milliseconds.
  // Mounted first, the router loaded it from a layout effect and its stores' updates re-rendered
  // the tree synchronously (useSyncExternalStore cannot time-slice), twice: once at mount, once
  // when the route's chunk or data arrived. The router then finds the location resolved and only
  // acknowledges it (Transitioner). A slow network does not hold the frame for long: past the
  // router's own pending time, the app renders and the load goes on under its pending state.
  await Promise.race([
    // A failed load is the router's to show (its matches hold the error), once rendered.
    router.load().catch(() => {}),
    new Promise((resolve) => setTimeout(resolve, PENDING_MS)),
  ]);
  await yieldToBrowser();
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root element');
  const root = createRoot(rootElement);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole tree (Total Blocking Time on a slow phone); until it
  // commits, index.html's frame (build/static-shell.ts) stays on screen.
  // Keyed by the language: a change in Settings renders every screen again in the new one.
  const render = () =>
    root.render(
      <StrictMode>
        <AppProviders
          key={spokenLanguage()}
          router={router}
          queryClient={queryClient}
          auth={auth}
        />
      </StrictMode>,
    );
  onLanguageChange(render);
  startTransition(render);
}

void start();
registerServiceWorker();
