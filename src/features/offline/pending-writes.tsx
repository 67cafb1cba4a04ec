import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { openConflict, useOpenConflict } from './open-conflict';
import { PENDING_STATE_TEXT, type PendingWrite } from './pending-write-state';
import { forgetKeptPhotos } from '../photos/kept-photos';
import { keptKeysOf } from '../photos/queued-photos';

/**
 * Writes that have not reached the server yet: made offline and waiting, being sent, or failed.
 * A failed one keeps its content here, with Retry (the same idempotency key, so never twice) and
 * Discard; one changed elsewhere meanwhile, with Resolve (the side-by-side view, conflict-state.ts):
 * sending it again would only meet the same newer version. Nothing is dropped without the
 * person's say.
 */
// The side-by-side view of a write changed elsewhere: fetched when one is resolved.
const ConflictHost = lazy(() => import('./conflict-host'));

export default function PendingWrites({ writes }: { writes: PendingWrite[] }) {
  const queryClient = useQueryClient();
  const openId = useOpenConflict();

  if (writes.length === 0) return null;
  const conflictView =
    openId !== null ? (
      <Suspense fallback={null}>
        <ConflictHost mutationId={openId} />
      </Suspense>
    ) : null;

  const find = (id: number) =>
    queryClient
      .getMutationCache()
      .getAll()
      .find((m) => m.mutationId === id);

  const retry = (write: PendingWrite) => {
    const failed = find(write.id);
    if (!failed) return;
    const cache = queryClient.getMutationCache();
    // The same options again: a hook's own, or for a restored write the defaults its feature
    // registered under its key (app/offline-writes.ts).
    const again = cache.build(queryClient, failed.options);
    cache.remove(failed);
    // Failures show up here again; nothing else to do with them.
    again.execute(failed.state.variables).catch(() => undefined);
  };

  const discard = (write: PendingWrite) => {
    const mutation = find(write.id);
    if (!mutation) return;
    queryClient.getMutationCache().remove(mutation);
    // Photos kept in the browser for it go with it.
    const variables = mutation.state.variables as { photos?: unknown } | undefined;
    void forgetKeptPhotos(keptKeysOf(variables?.photos));
  };

  return (
    <>
      <section
        aria-label="Not yet sent"
        className="flex max-h-[50vh] flex-col gap-2 overflow-y-auto rounded-lg border border-line bg-surface p-3 text-sm"
      >
        <h2 className="font-semibold">Not yet sent ({writes.length})</h2>
        <ul className="flex flex-col gap-2">
          {writes.map((write) => (
            <li key={write.id} className="rounded-md bg-page px-3 py-2">
              <div className="flex items-baseline justify-between gap-2 text-xs text-ink-muted">
                <span className="font-semibold text-ink">{write.title}</span>
                <span
                  className={
                    write.state === 'failed' || write.state === 'conflict'
                      ? 'text-danger'
                      : undefined
                  }
                >
                  {PENDING_STATE_TEXT[write.state]}
                </span>
              </div>
              <p className="mt-1 line-clamp-3 whitespace-pre-wrap break-words">{write.content}</p>
              {write.photos > 0 ? (
                <p className="mt-1 text-xs text-ink-muted">
                  {write.photos === 1 ? 'With 1 photo' : `With ${write.photos} photos`}
                </p>
              ) : null}
              {write.state === 'failed' ? (
                <div className="mt-2 flex flex-wrap items-center justify-end gap-2">
                  {write.error ? (
                    <span role="alert" className="me-auto text-xs text-danger">
                      {write.error}
                    </span>
                  ) : null}
                  <button
                    type="button"
                    className="btn btn-secondary"
                    onClick={() => discard(write)}
                  >
                    Discard
                  </button>
                  <button type="button" className="btn btn-primary" onClick={() => retry(write)}>
                    Retry
                  </button>
                </div>
              ) : write.state === 'conflict' ? (
                <div className="mt-2 flex justify-end">
                  <button
                    type="button"
                    className="btn btn-primary"
                    aria-label={`Resolve: ${write.title}`}
                    onClick={() => openConflict(write.id)}
                  >
                    Resolve
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      {conflictView}
    </>
  );
}
