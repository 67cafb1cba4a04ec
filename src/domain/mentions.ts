import { noteSegments } from './note-references';

/**
 * Mentions (api-contract.md "Habits of a shared journal"): who a text mentions, and whom of them a
 * write tells (kind `MentionedMe`). The scanner is note-references.ts.
 */

/** The usernames a text mentions, lower-cased (usernames are unique ignoring case), each once. */
export function extractMentions(content: string): string[] {
  if (!content.includes('@')) return [];
  const names = new Set<string>();
  for (const segment of noteSegments(content)) {
    if (segment.kind === 'mention') names.add(segment.username.toLowerCase());
  }
  return [...names];
}

export interface MentionFacts {
  /** Whether the content is out for its readers: a comment, or a published rumination. */
  published: boolean;
  /** Who wrote it. */
  writerId: number;
  /** The people its mentions name (activated accounts), as loaded. */
  mentionedIds: readonly number[];
  /** Which of them may read it now (api-contract.md "Visibility"). */
  mayRead: (userId: number) => boolean;
  /** Who was told of a mention in this same content before (by an earlier save). */
  alreadyNotified: ReadonlySet<number>;
}

/**
 * Whom to tell: nobody while it is a draft; then each mentioned person who may read it, other than
 * the writer, once (an edit tells only those not told before). Someone who may not read it is not
 * told and learns nothing: not even that they were left out.
 */
export function mentionRecipients(facts: MentionFacts): number[] {
  if (!facts.published) return [];
  return [...new Set(facts.mentionedIds)].filter(
    (id) => id !== facts.writerId && !facts.alreadyNotified.has(id) && facts.mayRead(id),
  );
}

/**
 * Nobody gets two notifications for one comment (api-contract.md "Notifications"): a person the
 * comment mentions is told of the mention, the more specific of the two, and not also of the
 * comment (`CommentOnMyRumination` or `ReplyToMyComment`).
 */
export function withoutMentioned<T extends { recipientId: number }>(
  recipients: readonly T[],
  mentionedRecipientIds: readonly number[],
): T[] {
  const mentioned = new Set(mentionedRecipientIds);
  return recipients.filter((r) => !mentioned.has(r.recipientId));
}
