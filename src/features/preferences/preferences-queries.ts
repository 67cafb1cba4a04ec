import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '../../lib/query-keys';
import { useAuth } from '../auth/auth-context';
import { fetchPreferences, updatePreferences } from './preferences-api';

/**
 * The person's preferences, kept on the server so that every device composes with the same
 * default audiences. Cached and persisted like every read (features/offline), so a composer opened
 * offline still starts from them. Under the account's key: what refreshes the account refreshes
 * them too.
 */
const preferencesKey = [...accountKeys.all, 'preferences'] as const;

export const preferencesQueries = {
  mine: () => queryOptions({ queryKey: preferencesKey, queryFn: fetchPreferences }),
};

/** `fresh`: asked again on mount even if cached lately (another device may have changed them). */
export function usePreferences({ fresh = false }: { fresh?: boolean } = {}) {
  const { isAuthenticated } = useAuth();
  return useQuery({
    ...preferencesQueries.mine(),
    enabled: isAuthenticated,
    ...(fresh ? { refetchOnMount: 'always' as const } : {}),
  });
}

/** Saves a change; the answer (every preference) becomes the cached copy at once. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (preferences) => {
      queryClient.setQueryData(preferencesKey, preferences);
    },
  });
}
