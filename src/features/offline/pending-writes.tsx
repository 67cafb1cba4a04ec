import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { sayShared, spokenLanguage } from '../../lib/i18n/language';
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
  const { t } = useLingui();
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

  const count = writes.length.toLocaleString(spokenLanguage());

  return (
    <>
      <section
        aria-label={t`Not yet sent`}
        className="flex max-h-[50vh] flex-col gap-2 overflow-y-auto rounded-lg border border-line bg-surface p-3 text-sm"
      >
        <h2 className="font-semibold">
          <Trans>Not yet sent ({count})</Trans>
        </h2>
        <ul className="flex flex-col gap-2">
          {writes.map((write) => {
            // A label made by an older build may be English: said in the language spoken.
            const title = sayShared(write.title);
            const { photos } = write;
            return (
              <li key={write.id} className="rounded-md bg-page px-3 py-2">
                <div className="flex items-baseline justify-between gap-2 text-xs text-ink-muted">
                  <span className="font-semibold text-ink">{title}</span>
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
                    {t`${plural(photos, { one: 'With # photo', other: 'With # photos' })}`}
                  </p>
                ) : null}
                {write.state === 'failed' ? (
                  <div className="mt-2 flex flex-wrap items-center justify-end gap-2">
                    {write.error ? (
                      <span role="alert" className="me-auto text-xs text-danger">
                        {sayShared(write.error)}
                      </span>
                    ) : null}
                    <button
                      type="button"
                      className="btn btn-secondary"
                      onClick={() => discard(write)}
                    >
                      <Trans>Discard</Trans>
                    </button>
                    <button type="button" className="btn btn-primary" onClick={() => retry(write)}>
                      <Trans>Retry</Trans>
                    </button>
                  </div>
                ) : write.state === 'conflict' ? (
                  <div className="mt-2 flex justify-end">
                    <button
                      type="button"
                      className="btn btn-primary"
                      aria-label={t`Resolve: ${title}`}
                      onClick={() => openConflict(write.id)}
                    >
                      <Trans>Resolve</Trans>
                    </button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>
      {conflictView}
    </>
  );
}
