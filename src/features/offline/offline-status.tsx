import { lazy, Suspense, useSyncExternalStore } from 'react';
import { onlineManager, useIsMutating, useMutationState } from '@tanstack/react-query';
import { OFFLINE_WRITE_PREFIX } from './offline-write-key';

const PendingWrites = lazy(() => import('./pending-writes'));

function useIsOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/**
 * App-wide: a small "Offline" badge while the network is gone, and the list of writes waiting to
 * be sent (or that failed) whenever there are any. The list's code loads only when needed.
 */
export function OfflineStatus() {
  const online = useIsOnline();
  // Waiting (paused) or failed writes; one being sent right now counts while it lasts.
  const unsent = useMutationState({
    filters: {
      mutationKey: OFFLINE_WRITE_PREFIX,
      predicate: (m) => m.state.status === 'error' || m.state.isPaused,
    },
    select: (m) => m.mutationId,
  }).length;
  const sending = useIsMutating({ mutationKey: OFFLINE_WRITE_PREFIX });
  const showList = unsent > 0 || (sending > 0 && !online);

  return (
    <>
      {online ? null : (
        <p
          role="status"
          className="fixed bottom-3 left-3 z-40 rounded-full border border-line bg-surface px-3 py-1 text-xs font-medium text-ink-muted shadow-sm"
        >
          Offline: showing saved copies
        </p>
      )}
      {showList ? (
        <Suspense fallback={null}>
          <PendingWrites />
        </Suspense>
      ) : null}
    </>
  );
}
