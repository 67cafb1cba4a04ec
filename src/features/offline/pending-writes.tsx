import { useMutationState, useQueryClient, type Mutation } from '@tanstack/react-query';
import { OFFLINE_WRITE_PREFIX, offlineWriteOptions } from './offline-writes';

type WriteKind = 'createRumination' | 'updateRumination' | 'createComment' | 'updateComment';

interface PendingWrite {
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

function describe(mutation: Mutation): PendingWrite | null {
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
  // A restored error lost its class in storage; its message may survive, or not.
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

const STATE_TEXT = {
  waiting: 'Waiting for the network',
  sending: 'Sending...',
  failed: 'Not sent',
};

/**
 * Writes that have not reached the server yet: made offline and waiting, being sent, or failed.
 * A failed one keeps its content here, with Retry (the same idempotency key, so never twice) and
 * Discard; nothing is dropped without the person's say.
 */
export default function PendingWrites() {
  const queryClient = useQueryClient();
  const writes = useMutationState({
    filters: {
      mutationKey: OFFLINE_WRITE_PREFIX,
      predicate: (m) => m.state.status === 'pending' || m.state.status === 'error',
    },
    select: (m) => describe(m as Mutation),
  }).filter((w): w is PendingWrite => w !== null);

  if (writes.length === 0) return null;

  const find = (id: number) =>
    queryClient
      .getMutationCache()
      .getAll()
      .find((m) => m.mutationId === id);

  const retry = (write: PendingWrite) => {
    const failed = find(write.id);
    if (!failed) return;
    const cache = queryClient.getMutationCache();
    const options = offlineWriteOptions(queryClient)[write.kind] as Parameters<
      typeof cache.build
    >[1];
    const again = cache.build(queryClient, options);
    cache.remove(failed);
    // Failures show up here again; nothing else to do with them.
    again.execute(failed.state.variables).catch(() => undefined);
  };

  const discard = (write: PendingWrite) => {
    const mutation = find(write.id);
    if (mutation) queryClient.getMutationCache().remove(mutation);
  };

  return (
    <section
      aria-label="Not yet sent"
      className="fixed right-3 bottom-3 z-40 flex max-h-[50vh] w-[min(24rem,calc(100vw-1.5rem))] flex-col gap-2 overflow-y-auto rounded-lg border border-line bg-surface p-3 text-sm shadow-lg"
    >
      <h2 className="font-semibold">Not yet sent ({writes.length})</h2>
      <ul className="flex flex-col gap-2">
        {writes.map((write) => (
          <li key={write.id} className="rounded-md bg-page px-3 py-2">
            <div className="flex items-baseline justify-between gap-2 text-xs text-ink-muted">
              <span className="font-semibold text-ink">{write.title}</span>
              <span className={write.state === 'failed' ? 'text-danger' : undefined}>
                {STATE_TEXT[write.state]}
              </span>
            </div>
            <p className="mt-1 line-clamp-3 whitespace-pre-wrap break-words">{write.content}</p>
            {write.state === 'failed' ? (
              <div className="mt-2 flex flex-wrap items-center justify-end gap-2">
                {write.error ? (
                  <span role="alert" className="mr-auto text-xs text-danger">
                    {write.error}
                  </span>
                ) : null}
                <button type="button" className="btn btn-secondary" onClick={() => discard(write)}>
                  Discard
                </button>
                <button type="button" className="btn btn-primary" onClick={() => retry(write)}>
                  Retry
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
