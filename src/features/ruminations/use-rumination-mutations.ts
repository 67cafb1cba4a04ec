import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CreateRuminationRequest,
  UpdateRuminationRequest,
} from '../../api/rumination-schemas';
import { createRumination, deleteRumination, updateRumination } from './rumination-api';

/*
 * Every rumination change refreshes own, feed and public lists (spec section 4). The mutation
 * waits for the refetch so that a dialog closes onto the refreshed page.
 */

async function invalidateAfterRuminationChange(queryClient: QueryClient): Promise<void> {
  // Profiles carry a rumination count, so they change too.
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['ruminations'] }),
    queryClient.invalidateQueries({ queryKey: ['users'] }),
  ]);
}

export function useCreateRumination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateRuminationRequest) => createRumination(body),
    onSuccess: () => invalidateAfterRuminationChange(queryClient),
  });
}

export function useUpdateRumination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateRuminationRequest }) =>
      updateRumination(id, body),
    onSuccess: () => invalidateAfterRuminationChange(queryClient),
  });
}

export function useDeleteRumination() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteRumination(id),
    onSuccess: async (_data, id) => {
      // The rumination's comments went with it.
      queryClient.removeQueries({ queryKey: ['comments', 'rumination', id] });
      await invalidateAfterRuminationChange(queryClient);
    },
  });
}
