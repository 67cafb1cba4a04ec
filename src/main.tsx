import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { AppProviders } from './app/app-providers';
import { AuthSession } from './features/auth/auth-session';
import { bootOffline } from './features/offline/offline-boot';
import { createQueryClient } from './lib/query-client';
import { createAppRouter } from './app/router';
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

async function start(): Promise<void> {
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
