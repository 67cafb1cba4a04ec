import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { handleNotificationClick, handlePush } from './handlers';
import { withBearerToken } from './media-credentials';
import { indexedDbMediaToken } from './media-token-store';
import { answerPhoto, type PhotoCacheDeps } from './photo-cache';
import { PHOTO_CACHE_NAME, photoCacheKey } from './photo-cache-policy';
import { indexedDbPhotoEntries } from './photo-cache-store';
import { shellAnswer } from './shell-answer';
import type { WorkerGlobalScope } from './worker-types';

/**
 * The app's service worker (vite.config.ts, VitePWA injectManifest). The app shell offline: the
 * built app is precached, so a reload without network opens it; data is the query cache's
 * business (features/offline), never cached here, except photos: an `<img>` reads them past the
 * query cache, so their bytes are kept here (photo-cache.ts), and fetched with the signed-in
 * person's token (media-credentials.ts): their signed URLs open for them alone. And Web Push: a
 * message shows a notification, a click on it opens its page.
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
const mediaToken = indexedDbMediaToken();
const photoDeps: Omit<PhotoCacheDeps, 'waitUntil'> = {
  openCache: () => caches.open(PHOTO_CACHE_NAME),
  store: indexedDbPhotoEntries(),
  fetch: async (request) => fetch(withBearerToken(request, await mediaToken())),
  now: () => Date.now(),
};
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && photoCacheKey(url, self.location.origin) !== null,
  ({ url, request, event }) =>
    answerPhoto(request, photoCacheKey(url, self.location.origin) ?? url.href, {
      ...photoDeps,
      waitUntil: (work) => event.waitUntil(work),
    }),
);
// Every navigation opens the app shell, offline too (404 for an address that is none of the
// app's pages, as the server says); /api is the server's and never the shell.
const appShell = createHandlerBoundToURL('/index.html');
registerRoute(
  new NavigationRoute(
    async (options) => shellAnswer(await appShell(options), options.url.pathname),
    {
      denylist: [/^\/api(\/|$)/],
    },
  ),
);

self.addEventListener('push', (event) => void handlePush(event, self));
self.addEventListener('notificationclick', (event) => void handleNotificationClick(event, self));
