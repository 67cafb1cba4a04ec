import { onlineManager, type QueryClient } from '@tanstack/react-query';

/**
 * Offline, a write is handed to the queue instead of being waited for: it is started (React Query
 * pauses it until the network returns), the form lets go of it, and the pending list shows it
 * until it is sent. Returns whether it was queued; online, the caller sends it as usual.
 */
export function queueIfOffline<TVariables>(
  mutation: { mutate: (variables: TVariables) => void; reset: () => void },
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
export function forgetFailedWrite(queryClient: QueryClient, idempotencyKey: string): void {
  const cache = queryClient.getMutationCache();
  for (const mutation of cache.getAll()) {
    const variables = mutation.state.variables as { idempotencyKey?: unknown } | undefined;
    if (mutation.state.status === 'error' && variables?.idempotencyKey === idempotencyKey) {
      cache.remove(mutation);
    }
  }
}
