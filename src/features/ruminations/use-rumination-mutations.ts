import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentKeys } from '../../lib/query-keys';
import { offlineWriteOptions } from '../offline/offline-writes';
import { deleteRumination } from './rumination-api';
import { invalidateAfterRuminationChange } from './rumination-queries';
import { ruminationWrites } from './rumination-writes';

/*
 * Every rumination change refreshes own, feed and public lists (spec section 4). The mutation
 * waits for the refetch so that a dialog closes onto the refreshed page.
 * Create and update are offline writes (rumination-writes.ts): keyed, queued while offline,
 * persisted, and sent with an idempotency key.
 */

export function useCreateRumination() {
  const queryClient = useQueryClient();
  return useMutation(offlineWriteOptions(ruminationWrites.create, queryClient));
}

export function useUpdateRumination() {
  const queryClient = useQueryClient();
  return useMutation(offlineWriteOptions(ruminationWrites.update, queryClient));
}

export function useDeleteRumination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteRumination(id),
    onSuccess: async (_data, id) => {
      // The rumination's comments went with it.
      queryClient.removeQueries({ queryKey: commentKeys.ofRumination(id) });
      await invalidateAfterRuminationChange(queryClient);
    },
  });
}
