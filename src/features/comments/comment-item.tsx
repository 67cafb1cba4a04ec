import { ERASED_ACCOUNT_NAME } from '../../domain/erased-account';
import { lazy, Suspense, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Comment } from '../../api/comment-schemas';
import { mayDeleteComment, mayEditComment } from '../../domain/comment-permissions';
import { EditedMark } from '../../components/ui/edited-mark';
import { displayNameOf, PersonName } from '../../components/ui/person-name';
import { NoteText } from '../../components/ui/note-text';
import { formatTimestamp } from '../../lib/format-time';
import { sayShared } from '../../lib/i18n/language';
import { useSendWrite } from '../offline/queue-if-offline';
import { CommentForm } from './comment-form';
import { useDeleteComment, usePostComment, useUpdateComment } from './comment-mutations';
import { commentEditWrite, newCommentWrite } from './comment-writes';

const ConfirmDialog = lazy(() => import('../../components/ui/confirm-dialog'));

interface CommentItemProps {
  comment: Comment;
  ruminationId: number;
  ruminationAuthorId: number;
  /**
   * The signed-in viewer (null: not known yet), who may edit their own comments and delete their
   * own, or any on their own rumination.
   */
  viewerId: number | null;
}

type Mode = 'view' | 'edit' | 'reply';

const actionClass =
  'rounded px-1.5 py-0.5 text-xs font-medium text-ink-muted hover:bg-page hover:text-ink';

/** One comment with its replies below it. Errors are only logged (spec section 8). */
export function CommentItem({
  comment,
  ruminationId,
  ruminationAuthorId,
  viewerId,
}: CommentItemProps) {
  const { t } = useLingui();
  const [mode, setMode] = useState<Mode>('view');
  const [confirming, setConfirming] = useState(false);
  const [confirmMounted, setConfirmMounted] = useState(false);
  const post = usePostComment();
  const update = useUpdateComment();
  const send = useSendWrite();
  const remove = useDeleteComment(ruminationId);

  const authors = { commentAuthorId: comment.createdBy.id, ruminationAuthorId };
  const mayEdit = viewerId !== null && mayEditComment(authors, viewerId);
  const mayDelete = viewerId !== null && mayDeleteComment(authors, viewerId);
  const canAct = !comment.isDeleted;
  const isErased = comment.createdBy.username === ERASED_ACCOUNT_NAME;
  // A deleted account's name is the shared layer's English, said in the language spoken.
  const authorName = isErased ? sayShared(ERASED_ACCOUNT_NAME) : displayNameOf(comment.createdBy);

  const reply = async (content: string, idempotencyKey: string) => {
    const write = newCommentWrite(
      ruminationId,
      { content, parentCommentId: comment.id },
      idempotencyKey,
    );
    const left = await send(post, write);
    if (left) setMode('view');
    return left;
  };

  const saveEdit = async (content: string, idempotencyKey: string) => {
    const write = commentEditWrite(ruminationId, { id: comment.id, content }, idempotencyKey);
    const left = await send(update, write);
    if (left) setMode('view');
    return left;
  };

  const confirmDelete = () => {
    remove.mutate(comment.id, {
      onSuccess: () => setConfirming(false),
      onError: (error) => {
        console.error(error);
        setConfirming(false);
      },
    });
  };

  return (
    <li className="flex flex-col gap-1">
      {/* Its own address: a notification about it links here (#comment-<id>). */}
      <div id={`comment-${comment.id}`} className="scroll-mt-20 rounded-md bg-page px-3 py-2">
        <div className="flex flex-wrap items-baseline gap-x-2 text-xs text-ink-muted">
          {isErased ? (
            // A deleted account has no profile to link to.
            <span className="font-semibold text-ink">{authorName}</span>
          ) : (
            <Link
              to="/user/$userId"
              params={{ userId: String(comment.createdBy.id) }}
              className="font-semibold text-ink no-underline hover:underline"
            >
              <PersonName person={comment.createdBy} />
            </Link>
          )}
          <time dateTime={comment.createTMS}>{formatTimestamp(comment.createTMS)}</time>
          {/* Deleting changes updateTMS too: a deleted comment says so instead. */}
          {comment.isDeleted ? null : (
            <EditedMark createTMS={comment.createTMS} updateTMS={comment.updateTMS} />
          )}
        </div>
        {comment.isDeleted ? (
          <p className="mt-1 text-sm text-ink-muted italic">
            <Trans>This comment has been deleted.</Trans>
          </p>
        ) : mode === 'edit' ? (
          <div className="mt-1">
            <CommentForm
              label={t`Edit comment`}
              submitLabel={t`Save`}
              pendingLabel={t`Saving...`}
              initialContent={comment.content}
              isPending={update.isPending}
              onSubmit={saveEdit}
              onCancel={() => setMode('view')}
              autoFocus
            />
          </div>
        ) : (
          // Its direction from its own first letters: Arabic or Hebrew reads right to left.
          <div dir="auto" className="mt-1 text-sm">
            <NoteText content={comment.content} />
          </div>
        )}
        {canAct && mode === 'view' && viewerId !== null ? (
          <div className="mt-1 flex gap-1">
            <button type="button" className={actionClass} onClick={() => setMode('reply')}>
              <Trans>Reply</Trans>
            </button>
            {mayEdit ? (
              <button type="button" className={actionClass} onClick={() => setMode('edit')}>
                <Trans>Edit</Trans>
              </button>
            ) : null}
            {mayDelete ? (
              <button
                type="button"
                className={actionClass}
                onClick={() => {
                  setConfirmMounted(true);
                  setConfirming(true);
                }}
              >
                <Trans>Delete</Trans>
              </button>
            ) : null}
          </div>
        ) : null}
      </div>

      {canAct && mode === 'reply' ? (
        <div className="ms-4">
          <CommentForm
            label={t`Reply to ${authorName}`}
            submitLabel={t`Reply`}
            pendingLabel={t`Replying...`}
            isPending={post.isPending}
            onSubmit={reply}
            onCancel={() => setMode('view')}
            autoFocus
          />
        </div>
      ) : null}

      {comment.childComments.length > 0 ? (
        <ul
          aria-label={t`Replies to ${authorName}`}
          className="ms-4 flex flex-col gap-2 border-s border-line ps-3"
        >
          {comment.childComments.map((child) => (
            <CommentItem
              key={child.id}
              comment={child}
              ruminationId={ruminationId}
              ruminationAuthorId={ruminationAuthorId}
              viewerId={viewerId}
            />
          ))}
        </ul>
      ) : null}

      {confirmMounted ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t`Delete comment`}
            description={t`Are you sure you want to delete this comment?`}
            confirmLabel={t`Delete`}
            pendingLabel={t`Deleting...`}
            isPending={remove.isPending}
            onConfirm={confirmDelete}
          />
        </Suspense>
      ) : null}
    </li>
  );
}
