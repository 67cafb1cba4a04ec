import { useMutation, useQueryClient } from '@tanstack/react-query';
import { acceptTerms } from './terms-api';
import { termsQueries } from './terms-queries';
import { useAuth } from '../auth/auth-context';
import type { AcceptanceStatus } from '../../api/terms-schemas';

/**
 * Accepts a terms version. On success the auth state and the cached status say "accepted"
 * (spec section 4), so the modal closes and the guards let the user through.
 */
export function useAcceptTerms() {
  const queryClient = useQueryClient();
  const { updateTosAcceptance } = useAuth();
  return useMutation({
    mutationFn: acceptTerms,
    onSuccess: (result) => {
      updateTosAcceptance(false, result.version);
      queryClient.setQueryData<AcceptanceStatus>(termsQueries.status().queryKey, {
        requiresAcceptance: false,
        hasAcceptedLatest: true,
        currentVersion: result.version,
      });
    },
  });
}
