import { t } from '@lingui/core/macro';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { sayShared } from '../../lib/i18n/language';
import { parseId } from '../../lib/parse-id';
import { commentKeys, ruminationKeys } from '../../lib/query-keys';
import { showToast } from '../../lib/toasts';
import { offlineWriteOptions } from '../offline/offline-writes';
import { deleteRumination, restoreFromTrash } from './rumination-write-api';
import { invalidateAfterRuminationChange } from './rumination-queries';
import { ruminationWrites } from './rumination-writes';

/*
 * Every rumination change refreshes own, feed and public lists, the trash and the history (all under
 * ruminationKeys.all; spec section 4). The mutation waits for the refetch so that a dialog closes
 * onto the refreshed page.
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

/** Puts a trashed note back and refreshes what shows it; the Undo of a delete, and the trash's Restore. */
async function restoreAndRefresh(queryClient: QueryClient, id: number): Promise<void> {
  await restoreFromTrash(id);
  // Its comments come back with it.
  await queryClient.invalidateQueries({ queryKey: commentKeys.ofRumination(id) });
  await invalidateAfterRuminationChange(queryClient);
}

type AppRouter = ReturnType<typeof useRouter>;

/** Whether the page on screen is this note's own (/rumination/{id}). */
function isOnPageOf(router: AppRouter, id: number): boolean {
  return router.state.matches.some(
    (match) =>
      match.routeId === '/rumination/$ruminationId' &&
      parseId((match.params as { ruminationId?: string }).ruminationId ?? '') === id,
  );
}

/**
 * Moves a note to the trash. `version`: the one the person saw, so that a note changed meanwhile
 * elsewhere answers 412 (with the current one) instead of going unseen. Says so with an Undo.
 * Deleted on its own page, the note leaves it for My Ruminations (its page would otherwise go on
 * showing it, editable, with a comment box), and Undo returns there if the person has not moved
 * on. Decided when the delete has gone through, not when it was asked: a delete made offline waits
 * for the network, and by then the person may be elsewhere.
 */
export function useDeleteRumination() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version?: number }) =>
      deleteRumination(id, version),
    onSuccess: async (_data, { id }) => {
      // Its comments are out of reach until it is restored.
      queryClient.removeQueries({ queryKey: commentKeys.ofRumination(id) });
      const leftItsPage = isOnPageOf(router, id);
      // Replaced in the history: Back does not lead to a note that is gone.
      if (leftItsPage) await router.navigate({ to: '/my-ruminations', replace: true });
      showToast({
        message: t`Moved to the trash`,
        action: {
          label: t`Undo`,
          run: () => {
            restoreAndRefresh(queryClient, id).then(
              () => {
                showToast({ message: t`Restored from the trash` });
                if (leftItsPage && router.state.location.pathname === '/my-ruminations') {
                  void router.navigate({
                    to: '/rumination/$ruminationId',
                    params: { ruminationId: String(id) },
                    replace: true,
                  });
                }
              },
              (error: unknown) => {
                console.error(error);
                showToast({ message: sayShared((error as Error).message) });
              },
            );
          },
        },
      });
      await invalidateAfterRuminationChange(queryClient);
      // Its own copy goes too, so that its page, opened again, asks (and shows "not found").
      queryClient.removeQueries({
        queryKey: ruminationKeys.one(id),
        exact: true,
        type: 'inactive',
      });
    },
  });
}

export function useRestoreFromTrash() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: number) => restoreAndRefresh(queryClient, id) });
}
