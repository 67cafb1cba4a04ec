/** The kinds of notification (contract: Notifications), one list for the wire and preferences. */
export const NOTIFICATION_KINDS = [
  'RelationRequested',
  'RelationAccepted',
  'CommentOnMyRumination',
  'ReplyToMyComment',
  'ReactionOnMyRumination',
  'MentionedMe',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
