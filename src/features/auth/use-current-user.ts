import { useQuery } from '@tanstack/react-query';
import { authQueries } from './auth-queries';
import { useAuth } from './auth-context';
import type { CurrentUser } from '../../api/auth-schemas';

/**
 * The signed-in user ({ id, username }) from GET /api/auth/me, or null when signed out, not yet
 * known, or the token is refused. Logout clears the whole cache, so a new sign-in never sees the
 * previous user.
 */
export function useCurrentUser(): CurrentUser | null {
  const { isAuthenticated } = useAuth();
  const { data } = useQuery({ ...authQueries.me(), enabled: isAuthenticated });
  return isAuthenticated ? (data ?? null) : null;
}
