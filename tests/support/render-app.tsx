import type { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '../../src/app/app-providers';
import { AuthSession } from '../../src/features/auth/auth-session';
import { createAppRouter } from '../../src/app/router';
import { createQueryClient } from '../../src/lib/query-client';

export interface RenderAppOptions {
  /** Signs in before the first render by storing this access token. */
  token?: string;
  /** What the login response said about the terms, for a session started before the test. */
  requiresTosAcceptance?: boolean;
  latestTosVersion?: string | null;
}

/**
 * Renders the real route tree at `path` on memory history, with a fresh QueryClient like the app's
 * that never retries, and waits until the first navigation (guards and loaders included) has settled.
 */
export async function renderApp(path: string, options: RenderAppOptions = {}) {
  const auth = new AuthSession();
  if (options.token !== undefined) {
    auth.signIn({
      accessToken: options.token,
      requiresTosAcceptance: options.requiresTosAcceptance ?? false,
      latestTosVersion: options.latestTosVersion ?? null,
    });
  }
  // The app's client (its network mode and cache times), except that it never retries.
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({
    ...defaults,
    queries: { ...defaults.queries, retry: false },
    mutations: { ...defaults.mutations, retry: false },
  });
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ queryClient, auth, history });
  const user = userEvent.setup();
  const result = render(<AppProviders router={router} queryClient={queryClient} auth={auth} />);
  await waitFor(() => {
    const { resolvedLocation, location, status } = router.state;
    if (status !== 'idle' || resolvedLocation?.href !== location.href) {
      throw new Error(`Still navigating to ${location.href}`);
    }
  });
  return { router, queryClient, auth, user, ...result, ...screen };
}

/** The queries that hold data (idle observers may leave entries without any, which is harmless). */
export function queriesWithData(app: { queryClient: QueryClient }) {
  return app.queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.data !== undefined);
}
