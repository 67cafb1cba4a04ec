import { t } from '@lingui/core/macro';
import type { Mutation } from '@tanstack/react-query';
import { isConflictError } from './conflict-state';
import type { OfflineWriteVariables } from './offline-writes';

/** What the pending list shows of one offline write (a plain snapshot, compared by value). */

export interface PendingWrite {
  id: number;
  title: string;
  content: string;
  /** How many photos go with it (a note's), 0 for none. */
  photos: number;
  /** `conflict`: refused because it was changed elsewhere meanwhile; waits for Resolve. */
  state: 'waiting' | 'sending' | 'failed' | 'conflict';
  error: string | null;
}

/** What each state reads as, in the language spoken when it is read (each a getter). */
export const PENDING_STATE_TEXT: Readonly<Record<PendingWrite['state'], string>> = {
  get waiting() {
    return t`Waiting for the network`;
  },
  get sending() {
    return t`Sending...`;
  },
  get failed() {
    return t`Not sent`;
  },
  get conflict() {
    return t`Changed elsewhere meanwhile`;
  },
};

/** Shown for a write stored by an older build, made before writes carried their label. */
const unlabelled = () => t`Unsent change`;

/** A note's photos: kept for the queue (`photos`), or named by the body's `media`. */
function photoCountOf(variables: unknown): number {
  const { photos, body } = (variables ?? {}) as { photos?: unknown; body?: { media?: unknown } };
  if (Array.isArray(photos)) return photos.length;
  return Array.isArray(body?.media) ? body.media.length : 0;
}

export function describeWrite(mutation: Mutation): PendingWrite {
  // Variables may come from storage, so every field is checked, not trusted.
  const variables = mutation.state.variables as Partial<OfflineWriteVariables> | undefined;
  const content = variables?.body?.content;
  const photos = photoCountOf(variables);
  const label = variables?.label;
  const state =
    mutation.state.status === 'error'
      ? isConflictError(mutation.state.error)
        ? 'conflict'
        : 'failed'
      : mutation.state.isPaused
        ? 'waiting'
        : 'sending';
  // A restored error is a plain object (serializePersistedClient keeps its message).
  const message = (mutation.state.error as { message?: unknown } | null)?.message;
  return {
    id: mutation.mutationId,
    title: typeof label === 'string' && label !== '' ? label : unlabelled(),
    content: typeof content === 'string' ? content : '',
    photos,
    state,
    error: typeof message === 'string' && message !== '' ? message : null,
  };
}
