import {
  onlineManager,
  useQueryClient,
  type Mutation,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { isConflictError } from './conflict-state';
import { openConflict } from './open-conflict';
import type { OfflineWriteMeta } from './offline-writes';

interface WriteMutation<TVariables> {
  mutate: (variables: TVariables) => void;
  mutateAsync: (variables: TVariables) => Promise<unknown>;
  reset: () => void;
}

/**
 * How every form sends a write (new and edited ruminations, comments, replies). Resolves to whether
 * the write left the form: sent, queued while offline, or (for a write that waits on conflicts)
 * refused with 412 because the note changed elsewhere: then it stays in the queue with the
 * person's text and the side-by-side view opens (conflict-state.ts). Online, any other failure is
 * only logged (spec section 8) and stays with its form, which keeps the content.
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
        const conflicted = isConflictError(error)
          ? failedWrite(queryClient, variables.idempotencyKey)
          : undefined;
        if (conflicted && (conflicted.options.meta as OfflineWriteMeta)?.waitsOnConflict) {
          // The form lets go of it (and of its error); the conflict holds the text now.
          mutation.reset();
          openConflict(conflicted.mutationId);
          return true;
        }
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
  for (const mutation of failedWrites(queryClient, idempotencyKey)) cache.remove(mutation);
}

function failedWrites(queryClient: QueryClient, idempotencyKey: string): Mutation[] {
  return queryClient
    .getMutationCache()
    .getAll()
    .filter((mutation) => {
      const variables = mutation.state.variables as { idempotencyKey?: unknown } | undefined;
      return mutation.state.status === 'error' && variables?.idempotencyKey === idempotencyKey;
    });
}

/** The failed write with this key (the newest, should a resend have failed too). */
function failedWrite(queryClient: QueryClient, idempotencyKey: string): Mutation | undefined {
  return failedWrites(queryClient, idempotencyKey).at(-1);
}
