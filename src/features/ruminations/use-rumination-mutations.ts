import { useMutation, useQueryClient } from '@tanstack/react-query';
import { offlineWriteOptions, refreshAfterRuminationChange } from '../offline/offline-writes';
import { deleteRumination } from './rumination-api';

/*
 * Every rumination change refreshes own, feed and public lists (spec section 4). The mutation
 * waits for the refetch so that a dialog closes onto the refreshed page.
 * Create and update are offline writes (features/offline/offline-writes.ts): keyed, queued while
 * offline, persisted, and sent with an idempotency key.
 */

export function useCreateRumination() {
  const queryClient = useQueryClient();
  return useMutation(offlineWriteOptions(queryClient).createRumination);
}

export function useUpdateRumination() {
  const queryClient = useQueryClient();
  return useMutation(offlineWriteOptions(queryClient).updateRumination);
}

export function useDeleteRumination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteRumination(id),
    onSuccess: async (_data, id) => {
      // The rumination's comments went with it.
      queryClient.removeQueries({ queryKey: ['comments', 'rumination', id] });
      await refreshAfterRuminationChange(queryClient);
    },
  });
}
