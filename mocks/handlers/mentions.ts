import { extractMentions, mentionRecipients } from '../../src/domain/mentions';
import { getDb, saveDb } from '../store/db';
import { createNotification } from '../store/notifications';
import { findActiveUser, findVisibleRumination } from '../views';

/**
 * Mentions in the mock backend, as the server's mention-notices.ts: loads who a saved content
 * mentions, who may read it and who was told before; src/domain/mentions.ts decides whom to tell;
 * this stores that they were told and their notifications. Returns whom it told.
 */
export function notifyMentions(saved: {
  ruminationId: number;
  commentId: number | null;
  actorId: number;
  content: string;
  published: boolean;
}): number[] {
  const names = new Set(extractMentions(saved.content));
  if (!saved.published || names.size === 0) return [];
  const db = getDb();
  const commentKey = saved.commentId ?? 0;
  const mentionedIds = db.users
    .filter((u) => names.has(u.username.toLowerCase()) && findActiveUser(u.id))
    .map((u) => u.id);
  const alreadyNotified = new Set(
    db.mentionNotified
      .filter((m) => m.ruminationId === saved.ruminationId && m.commentId === commentKey)
      .map((m) => m.userId),
  );
  const recipients = mentionRecipients({
    published: saved.published,
    writerId: saved.actorId,
    mentionedIds,
    mayRead: (id) => findVisibleRumination(saved.ruminationId, id) !== undefined,
    alreadyNotified,
  });
  for (const userId of recipients) {
    db.mentionNotified.push({ ruminationId: saved.ruminationId, commentId: commentKey, userId });
    createNotification({
      recipientId: userId,
      actorId: saved.actorId,
      kind: 'MentionedMe',
      ruminationId: saved.ruminationId,
      commentId: saved.commentId,
    });
  }
  saveDb();
  return recipients;
}
