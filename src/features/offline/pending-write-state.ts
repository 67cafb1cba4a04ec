import type { Mutation } from '@tanstack/react-query';

/** What the pending list shows of one offline write (a plain snapshot, compared by value). */

export type WriteKind = 'createRumination' | 'updateRumination' | 'createComment' | 'updateComment';

export interface PendingWrite {
  id: number;
  kind: WriteKind;
  title: string;
  content: string;
  state: 'waiting' | 'sending' | 'failed';
  error: string | null;
}

function kindOf(mutation: Mutation): WriteKind | null {
  const [, what, action] = (mutation.options.mutationKey ?? []) as unknown[];
  if (what === 'rumination') return action === 'create' ? 'createRumination' : 'updateRumination';
  if (what === 'comment') return action === 'create' ? 'createComment' : 'updateComment';
  return null;
}

export function describeWrite(mutation: Mutation): PendingWrite | null {
  const kind = kindOf(mutation);
  if (kind === null) return null;
  const variables = mutation.state.variables as
    { body?: { content?: unknown; publish?: unknown } } | undefined;
  const body = variables?.body;
  const content = typeof body?.content === 'string' ? body.content : '';
  const title = {
    createRumination: body?.publish === true ? 'New rumination' : 'New draft',
    updateRumination: 'Edited rumination',
    createComment: 'Comment',
    updateComment: 'Edited comment',
  }[kind];
  const state =
    mutation.state.status === 'error' ? 'failed' : mutation.state.isPaused ? 'waiting' : 'sending';
  // A restored error is a plain object (serializePersistedClient keeps its message).
  const message = (mutation.state.error as { message?: unknown } | null)?.message;
  return {
    id: mutation.mutationId,
    kind,
    title,
    content,
    state,
    error: typeof message === 'string' && message !== '' ? message : null,
  };
}
