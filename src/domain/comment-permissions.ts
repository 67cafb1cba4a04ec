/**
 * Who may change a comment (api-contract.md "Comments"). The server, the mock backend and the SPA
 * (which offers Delete only where it will be accepted) all ask here.
 */

export interface CommentAuthors {
  /** The comment's author. */
  commentAuthorId: number;
  /** The author of the rumination the comment belongs to. */
  ruminationAuthorId: number;
}

/** Editing a comment: its author only. */
export function mayEditComment({ commentAuthorId }: CommentAuthors, userId: number): boolean {
  return commentAuthorId === userId;
}

/** Deleting a comment: its author, or the rumination's author moderating their own page. */
export function mayDeleteComment(
  { commentAuthorId, ruminationAuthorId }: CommentAuthors,
  userId: number,
): boolean {
  return commentAuthorId === userId || ruminationAuthorId === userId;
}
