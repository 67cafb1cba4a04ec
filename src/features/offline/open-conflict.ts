import { useSyncExternalStore } from 'react';

/**
 * Which conflict (conflict-state.ts) is open for resolving: the "Not yet sent" list
 * (pending-writes.tsx) shows its side-by-side view, which the app shell hands it, since the queue
 * knows no feature. Loaded with the writes and the list, never on a first visit.
 */

let openId: number | null = null;
const listeners = new Set<() => void>();

function publish(next: number | null): void {
  openId = next;
  for (const listener of listeners) listener();
}

/** Opens the side-by-side view of the conflicted write with this mutation id. */
export function openConflict(mutationId: number): void {
  publish(mutationId);
}

/** Closes it; the conflict, if still unresolved, waits in the "Not yet sent" list. */
export function closeConflict(mutationId?: number): void {
  if (mutationId === undefined || openId === mutationId) publish(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The mutation id of the conflict being resolved, or null. */
export function useOpenConflict(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => openId,
    () => null,
  );
}
