import { useEffect } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAuth } from '../auth/auth-context';
import { useCurrentUser } from '../auth/use-current-user';
import { useSendWrite } from '../offline/queue-if-offline';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';
import { usePostComment } from './comment-mutations';
import { useRuminationComments } from './comment-queries';
import { newCommentWrite } from './comment-writes';

/**
 * Comments under a rumination (spec sections 2 and 6): the list and the comment box are for
 * signed-in users; a visitor is told to log in. The list is not fetched for visitors, who would
 * not see it.
 */
interface CommentSectionProps {
  /** Its element id, for the button that opens it (aria-controls). */
  id?: string;
  ruminationId: number;
  /** May delete any comment here (src/domain/comment-permissions.ts). */
  ruminationAuthorId: number;
  /** Focus the comment box at once (opened to write the first comment). */
  focusForm?: boolean;
}

export function CommentSection({
  id,
  ruminationId,
  ruminationAuthorId,
  focusForm = false,
}: CommentSectionProps) {
  const { t } = useLingui();
  const { isAuthenticated } = useAuth();
  const viewer = useCurrentUser();
  const comments = useRuminationComments(ruminationId, isAuthenticated);
  const post = usePostComment();
  const send = useSendWrite();

  useEffect(() => {
    // Comment errors are only logged (spec section 8).
    if (comments.error) console.error(comments.error);
  }, [comments.error]);

  if (!isAuthenticated) {
    return (
      <p className="border-t border-line pt-3 text-sm text-ink-muted">
        <Trans>Log in to add a comment.</Trans>
      </p>
    );
  }

  const addComment = async (content: string, idempotencyKey: string) => {
    const write = newCommentWrite(ruminationId, { content, ruminationId }, idempotencyKey);
    // Offline: queued and shown in the pending list; the box is emptied as if sent.
    return send(post, write);
  };

  return (
    <section id={id} aria-label={t`Comments`} className="flex flex-col gap-3">
      {comments.isPending ? (
        <p className="text-sm text-ink-muted">
          <Trans>Loading comments...</Trans>
        </p>
      ) : comments.data && comments.data.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {comments.data.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              ruminationId={ruminationId}
              ruminationAuthorId={ruminationAuthorId}
              viewerId={viewer?.id ?? null}
            />
          ))}
        </ul>
      ) : null}
      <CommentForm
        label={t`Add a comment`}
        submitLabel={t`Comment`}
        pendingLabel={t`Posting...`}
        isPending={post.isPending}
        onSubmit={addComment}
        autoFocus={focusForm}
      />
    </section>
  );
}
