import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchAcceptanceStatus, fetchCurrentTerms } from './terms-api';
import { termsKeys } from '../../lib/query-keys';
import { useAuth } from '../auth/auth-context';

export const termsQueries = {
  current: () =>
    queryOptions({
      queryKey: termsKeys.current,
      queryFn: fetchCurrentTerms,
    }),
  /** Checked once per sign-in (spec section 4): never stale, never refetched on focus. */
  status: () =>
    queryOptions({
      queryKey: termsKeys.status,
      queryFn: fetchAcceptanceStatus,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      retry: false,
    }),
};

/** The signed-in user's acceptance status; idle while signed out. */
export function useTosStatus() {
  const { isAuthenticated } = useAuth();
  return useQuery({ ...termsQueries.status(), enabled: isAuthenticated });
}
