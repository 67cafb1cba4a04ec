import type { QueryClient } from '@tanstack/react-query';
import type { AuthSession } from '../features/auth/auth-session';

/**
 * What every route's beforeLoad and loader receive. Apart from router.tsx, which imports the route
 * tree: the root route needs this type, and importing it from there would close a circle.
 */
export interface RouterContext {
  queryClient: QueryClient;
  auth: AuthSession;
}
