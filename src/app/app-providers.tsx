import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { AuthProvider } from '../features/auth/auth-context';
import type { AuthSession } from '../features/auth/auth-session';
import type { AppRouter } from './router';

/** Everything the app needs around the router; shared by main.tsx and the component tests. */
export function AppProviders({
  router,
  queryClient,
  auth,
}: {
  router: AppRouter;
  queryClient: QueryClient;
  auth: AuthSession;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider session={auth}>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>
  );
}
