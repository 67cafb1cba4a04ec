import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { Link } from '@tanstack/react-router';
import type { Rumination } from '../../api/rumination-schemas';
import { LazyCommentSection } from '../comments/lazy-comment-section';
import { EditedMark } from '../../components/ui/edited-mark';
import { NoteText } from '../../components/ui/note-text';
import { PersonName, displayNameOf } from '../../components/ui/person-name';
import { UserAvatar } from '../../components/ui/user-avatar';
import { PhotoGrid } from '../photos/photo-grid';
import { AudienceLine } from './audience-line';
import { ReactionBar } from './reaction-bar';
import { RuminationTags } from './rumination-tags';
import { formatTimestamp } from '../../lib/format-time';
import { invalidateAfterRuminationChange } from './rumination-queries';

const EditRuminationDialog = lazy(() => import('./edit-rumination-dialog'));
// With its mutation: only an owner's card ever needs it.
const DeleteRuminationDialog = lazy(() => import('./delete-rumination-dialog'));
// The author's "edited", which opens the note's history: only an author's edited note needs it.
const HistoryButton = lazy(() => import('../history/history-button'));

const iconButtonClass = 'icon-button';

interface RuminationCardProps {
  rumination: Rumination;
  /** The signed-in viewer; their own cards open editing when clicked. */
  viewerId: number | null;
  /** Show the comment thread open (a rumination's own page); lists show a count to open it. */
  commentsOpen?: boolean;
}

export function RuminationCard({
  rumination,
  viewerId,
  commentsOpen = false,
}: RuminationCardProps) {
  const { t } = useLingui();
  const isOwn = viewerId !== null && rumination.createdBy.id === viewerId;
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Dialog code is fetched the first time it is needed, then kept mounted.
  const [editMounted, setEditMounted] = useState(false);
  // Counts delete attempts: each one gets a fresh dialog, without the previous failure.
  const [deleteAttempt, setDeleteAttempt] = useState(0);

  const openEditor = () => {
    setEditMounted(true);
    setEditing(true);
  };

  const onBodyClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!isOwn) return;
    // Links and buttons inside the card keep their own meaning.
    if ((event.target as HTMLElement).closest('a, button')) return;
    openEditor();
  };

  return (
    <article
      aria-labelledby={`rumination-${rumination.id}-author`}
      className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-4 shadow-sm sm:p-5"
    >
      <div
        onClick={onBodyClick}
        className={isOwn ? 'flex cursor-pointer flex-col gap-3' : 'flex flex-col gap-3'}
      >
        <header className="flex items-start justify-between gap-2">
          <div className="flex items-center gap-2">
            <UserAvatar
              username={rumination.createdBy.username}
              name={displayNameOf(rumination.createdBy)}
              size="sm"
            />
            <div className="flex flex-col">
              <Link
                id={`rumination-${rumination.id}-author`}
                to="/user/$userId"
                params={{ userId: String(rumination.createdBy.id) }}
                className="font-semibold text-ink no-underline hover:underline"
              >
                <PersonName person={rumination.createdBy} />
              </Link>
              {/* The time is the rumination's own address, to open or share it. */}
              <Link
                to="/rumination/$ruminationId"
                params={{ ruminationId: String(rumination.id) }}
                className="inline-flex min-h-6 items-center text-xs text-ink-muted no-underline hover:underline"
              >
                <time dateTime={rumination.createTMS}>{formatTimestamp(rumination.createTMS)}</time>
              </Link>
              {isOwn && rumination.updateTMS !== rumination.createTMS ? (
                <Suspense fallback={<EditedMark {...rumination} />}>
                  <HistoryButton
                    rumination={rumination}
                    afterRestore={invalidateAfterRuminationChange}
                    formatTime={formatTimestamp}
                  >
                    <EditedMark createTMS={rumination.createTMS} updateTMS={rumination.updateTMS} />
                  </HistoryButton>
                </Suspense>
              ) : (
                <EditedMark createTMS={rumination.createTMS} updateTMS={rumination.updateTMS} />
              )}
            </div>
          </div>
          <div className="flex items-center gap-1">
            {!rumination.isPublished ? (
              <span className="rounded-full border border-line bg-page px-2 py-0.5 text-xs font-medium text-ink-muted">
                <Trans>Draft</Trans>
              </span>
            ) : null}
            {isOwn ? (
              <>
                <button
                  type="button"
                  aria-label={t`Edit rumination`}
                  className={iconButtonClass}
                  onClick={openEditor}
                >
                  <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
                    <path
                      d="M13.5 3.5l3 3L7 16H4v-3l9.5-9.5z"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.5"
                    />
                  </svg>
                </button>
                <button
                  type="button"
                  aria-label={t`Delete rumination`}
                  className={iconButtonClass}
                  onClick={() => {
                    setDeleteAttempt((attempt) => attempt + 1);
                    setConfirming(true);
                  }}
                >
                  <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
                    <path
                      d="M4 6h12M8 6V4h4v2M6 6l1 10h6l1-10"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.5"
                    />
                  </svg>
                </button>
              </>
            ) : null}
          </div>
        </header>
        <NoteText content={rumination.content} />
        <PhotoGrid media={rumination.media} />
        <RuminationTags rumination={rumination} viewerId={viewerId} />
        <AudienceLine rumination={rumination} />
      </div>

      {/* Drafts cannot be reacted to, so they have no reactions. */}
      {rumination.isPublished ? <ReactionBar rumination={rumination} viewerId={viewerId} /> : null}

      {/* Nobody can comment on a draft, so drafts have no comment section. */}
      {rumination.isPublished ? (
        <LazyCommentSection
          ruminationId={rumination.id}
          ruminationAuthorId={rumination.createdBy.id}
          commentCount={rumination.commentCount}
          defaultOpen={commentsOpen}
        />
      ) : null}

      {editMounted ? (
        <Suspense fallback={null}>
          <EditRuminationDialog rumination={rumination} open={editing} onOpenChange={setEditing} />
        </Suspense>
      ) : null}
      {deleteAttempt > 0 ? (
        <Suspense fallback={null}>
          <DeleteRuminationDialog
            key={deleteAttempt}
            rumination={rumination}
            open={confirming}
            onOpenChange={setConfirming}
          />
        </Suspense>
      ) : null}
    </article>
  );
}
