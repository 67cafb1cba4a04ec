import type { MessageDescriptor } from '@lingui/core';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { lazy } from 'react';
import { routeTree } from '../routeTree.gen';
import type { RouterContext } from './router-context';

// An unknown address: a page of its own with a way back, fetched only when one is met.
const PageNotFound = lazy(() => import('./page-not-found'));

/**
 * How long a screen waits for its route's code and data before the router shows its pending state
 * (TanStack Router's own default, named here because main.tsx waits as long before the first
 * render).
 */
export const PENDING_MS = 1000;

/** The one router of the app; main.tsx and the tests build it the same way. */
export function createAppRouter({
  queryClient,
  auth,
  history,
}: RouterContext & { history?: RouterHistory }) {
  return createRouter({
    routeTree,
    context: { queryClient, auth },
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // React Query owns caching; the router asks it every time.
    defaultPreloadStaleTime: 0,
    defaultPendingMs: PENDING_MS,
    scrollRestoration: true,
    defaultNotFoundComponent: PageNotFound,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /**
     * The page's name in the tab's title ("Trash" becomes "Trash · Ruminations"; route-title.tsx):
     * a message of Lingui's `msg` macro (@lingui/core/macro), said in the language spoken when the
     * page shows.
     */
    title?: MessageDescriptor;
  }
}
