import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { handleNotificationClick, handlePush } from './handlers';
import type { WorkerGlobalScope } from './worker-types';

/**
 * The app's service worker (vite.config.ts, VitePWA injectManifest). The app shell offline: the
 * built app is precached, so a reload without network opens it; data is the query cache's
 * business (features/offline), never cached here. And Web Push: a message shows a notification,
 * a click on it opens its page.
 */

declare const self: WorkerGlobalScope & {
  /** Replaced at build time by the list of the build's files (vite-plugin-pwa). */
  __WB_MANIFEST: (PrecacheEntry | string)[];
};

// A new build takes over at once: every page of the app reloads its code from the server anyway.
void self.skipWaiting();
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// Every navigation opens the app shell, offline too; /api is the server's and never the shell.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api(\/|$)/] }),
);

self.addEventListener('push', (event) => void handlePush(event, self));
self.addEventListener('notificationclick', (event) => void handleNotificationClick(event, self));
