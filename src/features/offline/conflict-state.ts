/**
 * Writes that met a newer version on the server (412 "This was changed elsewhere"). Such a write
 * is neither retried nor dropped: it stays in the queue as failed, with the person's text and the
 * 412's `current` (so it is stored, survives a reload and leaves at sign-out like any queued
 * write), shown in the "Not yet sent" list with Resolve, until the person chooses what to keep.
 * Here: whether an error is such a conflict (the pending list reads it on every first visit);
 * which one is open for resolving is in open-conflict.ts, loaded only with the writes.
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
