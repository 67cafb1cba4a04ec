import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { onlineManager, useMutationState, type Mutation } from '@tanstack/react-query';
import { describeWrite } from './pending-write-state';
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
 * App-wide, above the screen's content and in its flow (so that it never covers a card or its
 * buttons, at any width): a line saying the network is gone, and the list of writes waiting to be
 * sent (or that failed) whenever there are any. The list's code loads only when needed.
 */
export function OfflineStatus() {
  const online = useIsOnline();
  // Read here, by a component mounted from the start, and handed to the lazily loaded list: a
  // subscription made later could miss a change that happens while the list's code loads.
  const writes = useMutationState({
    filters: {
      mutationKey: OFFLINE_WRITE_PREFIX,
      predicate: (m) => m.state.status === 'pending' || m.state.status === 'error',
    },
    select: (m) => describeWrite(m as Mutation),
  });
  // Shown while something waits or failed; a write being sent online is the form's business.
  const showList = writes.some((w) => w.state !== 'sending') || (writes.length > 0 && !online);

  if (online && !showList) return null;
  return (
    <div className="mb-6 flex flex-col gap-3">
      {online ? null : (
        <p
          role="status"
          className="self-start rounded-full border border-line bg-surface px-3 py-1 text-xs font-medium text-ink-muted"
        >
          <Trans>Offline: showing saved copies</Trans>
        </p>
      )}
      {showList ? (
        <Suspense fallback={null}>
          <PendingWrites writes={writes} />
        </Suspense>
      ) : null}
    </div>
  );
}
