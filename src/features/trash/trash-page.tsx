import { lazy, Suspense, useState } from 'react';
import { TRASH_RETENTION_SECONDS_DEFAULT } from '../../api/limits';
import type { TrashedRumination } from '../../api/rumination-schemas';
import { trashErasureTime } from '../../domain/rumination-decisions';
import { PagedList } from '../../components/ui/paged-list';
import { relationTypeLabel } from '../../domain/relation-types';
import { showToast } from '../../lib/toasts';
import { RESTORED_FROM_TRASH, useRestoreFromTrash } from '../ruminations/use-rumination-mutations';
import { useDeleteForGood, useEmptyTrash, useTrash } from './trash-queries';

// The questions before erasing: Radix's dialog comes with them, needed only when asked.
const ConfirmDialog = lazy(() => import('../../components/ui/confirm-dialog'));

// Days, not minutes: what matters in the trash is how long ago, and until when. (The card's time
// formatting and text renderer stay out of this page's code, so that cards keep them in one chunk.)
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/**
 * The day a note in the trash is erased for good. The server's retention is its own setting; the
 * app states the default's promise (a server configured otherwise may erase it on another day).
 */
function erasedForGoodOn(deletedTMS: string): string {
  return dayFormat.format(trashErasureTime(deletedTMS, TRASH_RETENTION_SECONDS_DEFAULT));
}

type Question = { kind: 'one'; note: TrashedRumination } | { kind: 'all' };

/**
 * /trash: the signed-in person's deleted notes, most recently deleted first, each with when it was
 * deleted and when it will be erased for good; Restore puts it back as it was, "Delete for good"
 * and "Empty trash" erase (after asking).
 */
export function TrashPage() {
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

  const restoreOne = (note: TrashedRumination) => {
    setError(null);
    restore.mutate(note.id, {
      onSuccess: () => showToast({ message: RESTORED_FROM_TRASH }),
      onError: (e) => setError(e.message),
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Trash</h1>
        {notes.length > 0 ? (
          <button type="button" className="btn btn-danger" onClick={() => ask({ kind: 'all' })}>
            Empty trash
          </button>
        ) : null}
      </div>
      <p className="text-sm text-ink-muted">
        Deleted notes stay here for {TRASH_RETENTION_SECONDS_DEFAULT / 86_400} days, seen by nobody
        but you. Restore one to put it back as it was, with its comments and history.
      </p>
      {error ? (
        <p role="alert" className="error-box">
          {error}
        </p>
      ) : null}
      <PagedList
        query={query}
        count={notes.length}
        loading="Loading the trash..."
        empty={<p>The trash is empty.</p>}
      >
        <ul aria-label="Deleted notes" className="flex flex-col gap-4">
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
              title="Empty the trash?"
              description="Every note in the trash is erased for good, with its comments and history. This cannot be undone."
              confirmLabel="Empty trash"
              pendingLabel="Emptying..."
              isPending={eraseAll.isPending}
              error={eraseAll.isError ? eraseAll.error.message : null}
              onConfirm={() => eraseAll.mutate(undefined, { onSuccess: stopAsking })}
            />
          ) : (
            <ConfirmDialog
              key={asked}
              open={asking}
              onOpenChange={setAsking}
              title="Delete for good?"
              description="This note is erased for good, with its comments and history. This cannot be undone."
              confirmLabel="Delete for good"
              pendingLabel="Deleting..."
              isPending={eraseOne.isPending}
              error={eraseOne.isError ? eraseOne.error.message : null}
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
  const headingId = `trashed-${note.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-xs text-ink-muted">
        <h2 id={headingId} className="font-semibold text-ink">
          Deleted{' '}
          <time dateTime={note.deletedTMS}>{dayFormat.format(new Date(note.deletedTMS))}</time>
        </h2>
        <span>Erased for good on {erasedForGoodOn(note.deletedTMS)}</span>
      </div>
      <p className="line-clamp-6 whitespace-pre-wrap break-words">{note.content}</p>
      <p className="text-xs text-ink-muted">
        {[
          note.isPublished ? 'Published' : 'Draft',
          ...note.audiences.map((a) => relationTypeLabel(a.relationType)),
        ].join(' · ')}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-secondary" onClick={onDelete}>
          Delete for good
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={isRestoring}
          onClick={onRestore}
        >
          {isRestoring ? 'Restoring...' : 'Restore'}
        </button>
      </div>
    </li>
  );
}
