/**
 * Who is told of a new comment (api-contract.md "Notifications"), as a pure function shared by the
 * mock backend and (if it wants) the server: the parent comment's author learns of a reply, the
 * rumination's author of any comment in its threads; nobody of their own action, and nobody twice
 * for one comment: when the parent's author also wrote the rumination, `ReplyToMyComment` alone
 * (the more specific of the two).
 */

export type CommentNotificationKind = 'CommentOnMyRumination' | 'ReplyToMyComment';

export interface CommentParties {
  /** The author of the rumination the comment belongs to. */
  ruminationAuthorId: number;
  /** The author of the comment replied to; null for a top-level comment. */
  parentCommentAuthorId: number | null;
  /** Who wrote the new comment. */
  actorId: number;
}

export interface CommentRecipient {
  recipientId: number;
  kind: CommentNotificationKind;
}

/** The recipients of a new comment, at most one entry per person, never the actor. */
export function commentNotificationRecipients({
  ruminationAuthorId,
  parentCommentAuthorId,
  actorId,
}: CommentParties): CommentRecipient[] {
  const recipients: CommentRecipient[] = [];
  if (parentCommentAuthorId !== null && parentCommentAuthorId !== actorId) {
    recipients.push({ recipientId: parentCommentAuthorId, kind: 'ReplyToMyComment' });
  }
  if (ruminationAuthorId !== actorId && ruminationAuthorId !== parentCommentAuthorId) {
    recipients.push({ recipientId: ruminationAuthorId, kind: 'CommentOnMyRumination' });
  }
  return recipients;
}
