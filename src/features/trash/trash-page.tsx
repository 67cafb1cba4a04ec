import { lazy, Suspense, useState } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { TRASH_RETENTION_SECONDS_DEFAULT } from '../../api/limits';
import type { TrashedRumination } from '../../api/rumination-schemas';
import { trashErasureTime } from '../../domain/rumination-decisions';
import { PagedList } from '../../components/ui/paged-list';
import { relationTypeLabel } from '../../domain/relation-types';
import { sayShared, spokenLanguage } from '../../lib/i18n/language';
import { showToast } from '../../lib/toasts';
import { useRestoreFromTrash } from '../ruminations/use-rumination-mutations';
import { useDeleteForGood, useEmptyTrash, useTrash } from './trash-queries';

// The questions before erasing: Radix's dialog comes with them, needed only when asked.
const ConfirmDialog = lazy(() => import('../../components/ui/confirm-dialog'));

// Days, not minutes: what matters in the trash is how long ago, and until when. (The card's time
// formatting and text renderer stay out of this page's code, so that cards keep them in one chunk.)
// In the language spoken: one formatter per language, made again when the person changes it.
let dayFormatter: { language: string; format: Intl.DateTimeFormat } | undefined;

function formatDay(date: Date | number): string {
  const language = spokenLanguage();
  if (dayFormatter?.language !== language) {
    dayFormatter = { language, format: new Intl.DateTimeFormat(language, { dateStyle: 'long' }) };
  }
  return dayFormatter.format.format(date);
}

/**
 * The day a note in the trash is erased for good. The server's retention is its own setting; the
 * app states the default's promise (a server configured otherwise may erase it on another day).
 */
function erasedForGoodOn(deletedTMS: string): string {
  return formatDay(trashErasureTime(deletedTMS, TRASH_RETENTION_SECONDS_DEFAULT));
}

type Question = { kind: 'one'; note: TrashedRumination } | { kind: 'all' };

/**
 * /trash: the signed-in person's deleted notes, most recently deleted first, each with when it was
 * deleted and when it will be erased for good; Restore puts it back as it was, "Delete for good"
 * and "Empty trash" erase (after asking).
 */
export function TrashPage() {
  const { t } = useLingui();
  const query = useTrash();
  const notes = query.data?.pages.flat() ?? [];
  const restore = useRestoreFromTrash();
  const eraseOne = useDeleteForGood();
  const eraseAll = useEmptyTrash();
  // The last question asked stays while its dialog closes; each gets a fresh dialog (`asked`).
  const [question, setQuestion] = useState<Question | null>(null);
  const [asking, setAsking] = useState(false);
  const [asked, setAsked] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const ask = (next: Question) => {
    eraseOne.reset();
    eraseAll.reset();
    setAsked((n) => n + 1);
    setQuestion(next);
    setAsking(true);
  };
  const stopAsking = () => setAsking(false);
  const days = TRASH_RETENTION_SECONDS_DEFAULT / 86_400;

  const restoreOne = (note: TrashedRumination) => {
    setError(null);
    restore.mutate(note.id, {
      onSuccess: () => showToast({ message: t`Restored from the trash` }),
      onError: (e) => setError(sayShared(e.message)),
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">
          <Trans>Trash</Trans>
        </h1>
        {notes.length > 0 ? (
          <button type="button" className="btn btn-danger" onClick={() => ask({ kind: 'all' })}>
            <Trans>Empty trash</Trans>
          </button>
        ) : null}
      </div>
      <p className="text-sm text-ink-muted">
        {t`Deleted notes stay here for ${plural(days, { one: '# day', other: '# days' })}, seen by nobody but you. Restore one to put it back as it was, with its comments and history.`}
      </p>
      {error ? (
        <p role="alert" className="error-box">
          {error}
        </p>
      ) : null}
      <PagedList
        query={query}
        count={notes.length}
        loading={t`Loading the trash...`}
        empty={
          <p>
            <Trans>The trash is empty.</Trans>
          </p>
        }
      >
        <ul aria-label={t`Deleted notes`} className="flex flex-col gap-4">
          {notes.map((note) => (
            <TrashedNote
              key={note.id}
              note={note}
              isRestoring={restore.isPending && restore.variables === note.id}
              onRestore={() => restoreOne(note)}
              onDelete={() => ask({ kind: 'one', note })}
            />
          ))}
        </ul>
      </PagedList>
      {question ? (
        <Suspense fallback={null}>
          {question.kind === 'all' ? (
            <ConfirmDialog
              key={asked}
              open={asking}
              onOpenChange={setAsking}
              title={t`Empty the trash?`}
              description={t`Every note in the trash is erased for good, with its comments and history. This cannot be undone.`}
              confirmLabel={t`Empty trash`}
              pendingLabel={t`Emptying...`}
              isPending={eraseAll.isPending}
              error={eraseAll.isError ? sayShared(eraseAll.error.message) : null}
              onConfirm={() => eraseAll.mutate(undefined, { onSuccess: stopAsking })}
            />
          ) : (
            <ConfirmDialog
              key={asked}
              open={asking}
              onOpenChange={setAsking}
              title={t`Delete for good?`}
              description={t`This note is erased for good, with its comments and history. This cannot be undone.`}
              confirmLabel={t`Delete for good`}
              pendingLabel={t`Deleting...`}
              isPending={eraseOne.isPending}
              error={eraseOne.isError ? sayShared(eraseOne.error.message) : null}
              onConfirm={() => eraseOne.mutate(question.note.id, { onSuccess: stopAsking })}
            />
          )}
        </Suspense>
      ) : null}
    </div>
  );
}

function TrashedNote({
  note,
  isRestoring,
  onRestore,
  onDelete,
}: {
  note: TrashedRumination;
  isRestoring: boolean;
  onRestore: () => void;
  onDelete: () => void;
}) {
  const { t } = useLingui();
  const headingId = `trashed-${note.id}`;
  const deletedOn = formatDay(new Date(note.deletedTMS));
  const erasedOn = erasedForGoodOn(note.deletedTMS);
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-xs text-ink-muted">
        <h2 id={headingId} className="font-semibold text-ink">
          <Trans>
            Deleted <time dateTime={note.deletedTMS}>{deletedOn}</time>
          </Trans>
        </h2>
        <span>
          <Trans>Erased for good on {erasedOn}</Trans>
        </span>
      </div>
      <p className="line-clamp-6 whitespace-pre-wrap break-words">{note.content}</p>
      <p className="text-xs text-ink-muted">
        {[
          note.isPublished ? t`Published` : t`Draft`,
          ...note.audiences.map((a) => relationTypeLabel(a.relationType, sayShared)),
        ].join(' · ')}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-secondary" onClick={onDelete}>
          <Trans>Delete for good</Trans>
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={isRestoring}
          onClick={onRestore}
        >
          {isRestoring ? t`Restoring...` : t`Restore`}
        </button>
      </div>
    </li>
  );
}
