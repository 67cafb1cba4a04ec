import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import type { RouterContext } from './router-context';

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
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
