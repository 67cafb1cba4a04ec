import { useSyncExternalStore } from 'react';

/**
 * Writes that met a newer version on the server (412 "This was changed elsewhere"). Such a write
 * is neither retried nor dropped: it stays in the queue as failed, with the person's text and the
 * 412's `current` (so it is stored, survives a reload and leaves at sign-out like any queued
 * write), shown in the "Not yet sent" list with Resolve, until the person chooses what to keep.
 * Here: whether an error is such a conflict, and which one is open for resolving (the app shell
 * shows it; the queue knows no feature).
 */

export const CONFLICT_STATUS = 412;

/** Whether a write's error is a 412; a restored error is a plain object with the same fields. */
export function isConflictError(error: unknown): boolean {
  return (error as { status?: unknown } | null)?.status === CONFLICT_STATUS;
}

/** The object as the server had it when the write was refused (the 412's `current`). */
export function conflictCurrentOf(error: unknown): unknown {
  return (error as { problem?: { current?: unknown } } | null)?.problem?.current;
}

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
