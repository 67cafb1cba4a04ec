import { commentNotificationRecipients, type CommentRecipient } from './notification-rules';
import { mayDeleteComment, mayEditComment, type CommentAuthors } from './comment-permissions';
import { allow, refuse, type Decision, type Refusal } from './decision';
import { RUMINATION_PROBLEMS } from './rumination-decisions';
import { decideVersion, type ExpectedVersion } from '../api/preconditions';

/**
 * The rules of comments (api-contract.md "Comments"), decided from the facts the server or the
 * mock backend loaded: readable by whoever may read the rumination (404 when it is hidden), no
 * comments on drafts, no replies to deleted comments, author-only edits of comments not yet
 * deleted, deletes by the comment's author or the rumination's.
 */

export const COMMENT_PROBLEMS = {
  notFound: { status: 404, title: 'Comment not found' },
  notAuthor: { status: 403, title: 'Only the author may change this comment' },
  deleted: { status: 409, title: 'This comment has been deleted' },
  onDraft: { status: 409, title: 'Drafts cannot be commented on' },
  replyToDeleted: { status: 409, title: 'Replies to a deleted comment are not allowed' },
  noTarget: { status: 400, title: 'Give exactly one of ruminationId or parentCommentId' },
  idMismatch: {
    status: 400,
    title: 'The comment id in the path and in the body differ',
    errors: { id: ['Must match the id in the path'] },
  },
} as const satisfies Record<string, Refusal>;

/** A comment as its caller may see it: loaded only through a rumination they may read. */
export interface VisibleComment {
  id: number;
  authorId: number;
  ruminationId: number;
  ruminationAuthorId: number;
  ruminationIsPublished: boolean;
  isDeleted: boolean;
  version: number;
}

/** A rumination the caller may read, as far as commenting on it needs. */
export interface CommentableRumination {
  id: number;
  authorId: number;
  isPublished: boolean;
}

/** What a new comment answers: the comment named by `parentCommentId`, else the rumination. */
export type NewCommentTarget =
  | { kind: 'reply'; parentCommentId: number }
  | { kind: 'rumination'; ruminationId: number }
  | { kind: 'none' };

export function newCommentTarget(input: {
  ruminationId?: number | null | undefined;
  parentCommentId?: number | null | undefined;
}): NewCommentTarget {
  if (input.parentCommentId != null)
    return { kind: 'reply', parentCommentId: input.parentCommentId };
  if (input.ruminationId != null) return { kind: 'rumination', ruminationId: input.ruminationId };
  return { kind: 'none' };
}

/** The facts of a new comment's target, loaded as the caller may see them (undefined: hidden). */
export type NewCommentFacts =
  | { kind: 'reply'; parent: VisibleComment | undefined }
  | { kind: 'rumination'; rumination: CommentableRumination | undefined }
  | { kind: 'none' };

/** The comment to write, and who is told of it (src/domain/notification-rules.ts). */
export interface NewComment {
  ruminationId: number;
  parentCommentId: number | null;
  ruminationAuthorId: number;
  parentAuthorId: number | null;
  recipients: CommentRecipient[];
}

export function decideNewComment(facts: NewCommentFacts, actorId: number): Decision<NewComment> {
  let comment: Omit<NewComment, 'recipients'>;
  if (facts.kind === 'reply') {
    const { parent } = facts;
    if (parent === undefined) return refuse(COMMENT_PROBLEMS.notFound);
    if (!parent.ruminationIsPublished) return refuse(COMMENT_PROBLEMS.onDraft);
    if (parent.isDeleted) return refuse(COMMENT_PROBLEMS.replyToDeleted);
    comment = {
      ruminationId: parent.ruminationId,
      parentCommentId: parent.id,
      ruminationAuthorId: parent.ruminationAuthorId,
      parentAuthorId: parent.authorId,
    };
  } else if (facts.kind === 'rumination') {
    const { rumination } = facts;
    if (rumination === undefined) return refuse(RUMINATION_PROBLEMS.notFound);
    if (!rumination.isPublished) return refuse(COMMENT_PROBLEMS.onDraft);
    comment = {
      ruminationId: rumination.id,
      parentCommentId: null,
      ruminationAuthorId: rumination.authorId,
      parentAuthorId: null,
    };
  } else {
    return refuse(COMMENT_PROBLEMS.noTarget);
  }
  const recipients = commentNotificationRecipients({
    ruminationAuthorId: comment.ruminationAuthorId,
    parentCommentAuthorId: comment.parentAuthorId,
    actorId,
  });
  return allow({ ...comment, recipients });
}

/**
 * The answer when a new comment's target vanished between the check and the write (deleted by
 * its author a moment before): the same as if the request had come a moment later.
 */
export function vanishedTarget(comment: Pick<NewComment, 'parentCommentId'>): Refusal {
  return comment.parentCommentId === null
    ? RUMINATION_PROBLEMS.notFound
    : COMMENT_PROBLEMS.notFound;
}

/** An edit names the comment twice (path and body); a delete once. */
export type CommentChange = { action: 'edit'; bodyId: number } | { action: 'delete' };

const MAY: Record<CommentChange['action'], (authors: CommentAuthors, userId: number) => boolean> = {
  edit: mayEditComment,
  delete: mayDeleteComment,
};

/**
 * Editing or deleting comment `commentId`, given what the caller can see of it: an edit's two ids
 * must agree (400), then 404 when the caller cannot see it, 403 when they may not act on it, 409
 * when it is already deleted, 412 when `If-Match` names another version than its current one.
 * Both changes give the comment its next version.
 */
export function decideCommentChange(
  change: CommentChange,
  commentId: number,
  comment: VisibleComment | undefined,
  userId: number,
  expected: ExpectedVersion = undefined,
): Decision<{ version: number }> {
  if (change.action === 'edit' && change.bodyId !== commentId) {
    return refuse(COMMENT_PROBLEMS.idMismatch);
  }
  if (comment === undefined) return refuse(COMMENT_PROBLEMS.notFound);
  const authors = {
    commentAuthorId: comment.authorId,
    ruminationAuthorId: comment.ruminationAuthorId,
  };
  if (!MAY[change.action](authors, userId)) return refuse(COMMENT_PROBLEMS.notAuthor);
  if (comment.isDeleted) return refuse(COMMENT_PROBLEMS.deleted);
  const current = decideVersion(comment.version, expected);
  return current.ok ? allow({ version: comment.version + 1 }) : current;
}
