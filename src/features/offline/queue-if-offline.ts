import { onlineManager, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

interface WriteMutation<TVariables> {
  mutate: (variables: TVariables) => void;
  mutateAsync: (variables: TVariables) => Promise<unknown>;
  reset: () => void;
}

/**
 * How every form sends a write (new and edited ruminations, comments, replies). Resolves to whether
 * the write left the form: sent, or queued while offline. Online, a failure is only logged (spec
 * section 8) and stays with its form, which keeps the content.
 */
export function useSendWrite() {
  const queryClient = useQueryClient();
  return useCallback(
    async <TVariables extends { idempotencyKey: string }>(
      mutation: WriteMutation<TVariables>,
      variables: TVariables,
    ): Promise<boolean> => {
      if (queueIfOffline(mutation, variables)) return true;
      try {
        await mutation.mutateAsync(variables);
        return true;
      } catch (error) {
        console.error(error);
        forgetFailedWrite(queryClient, variables.idempotencyKey);
        return false;
      }
    },
    [queryClient],
  );
}

/**
 * Offline, a write is handed to the queue instead of being waited for: it is started (React Query
 * pauses it until the network returns), the form lets go of it, and the pending list shows it
 * until it is sent. Returns whether it was queued; online, the caller sends it as usual.
 */
function queueIfOffline<TVariables>(
  mutation: WriteMutation<TVariables>,
  variables: TVariables,
): boolean {
  if (onlineManager.isOnline()) return false;
  mutation.mutate(variables);
  mutation.reset();
  return true;
}

/**
 * Online, a failed write stays with its form (which keeps the content and shows the error), so it
 * leaves the queue: the pending list shows only writes that no form holds any more.
 */
function forgetFailedWrite(queryClient: QueryClient, idempotencyKey: string): void {
  const cache = queryClient.getMutationCache();
  for (const mutation of cache.getAll()) {
    const variables = mutation.state.variables as { idempotencyKey?: unknown } | undefined;
    if (mutation.state.status === 'error' && variables?.idempotencyKey === idempotencyKey) {
      cache.remove(mutation);
    }
  }
}
