import type { Kysely } from 'kysely';
import { extractMentions, mentionRecipients } from '../../../src/domain/mentions';
import type { Database } from '../../db/schema';
import { findVisibleRumination } from '../ruminations/rumination-queries';
import { notifyMentioned, type Notified } from './notification-service';

/**
 * Mentions (api-contract.md "Habits of a shared journal"): loads who a saved content mentions,
 * whether each may read it, and who was told before; src/domain/mentions.ts decides whom to tell;
 * this stores that they were told (mention_notified, migration 0024) and writes the notifications,
 * in the caller's transaction. Called on every save of a content: a rumination's create, edit,
 * publish and restore of a version, a comment's create and edit.
 */

export interface MentionedContent {
  ruminationId: number;
  /** null: the rumination's own content. */
  commentId: number | null;
  actorId: number;
  content: string;
  /** A comment, or a published rumination: a draft tells nobody (yet). */
  published: boolean;
}

export async function notifyMentions(
  trx: Kysely<Database>,
  saved: MentionedContent,
): Promise<Notified> {
  const names = extractMentions(saved.content);
  if (!saved.published || names.length === 0) return [];
  const commentKey = saved.commentId ?? 0;
  const people = await trx
    .selectFrom('users')
    .select('id')
    .where('username_lower', 'in', names)
    .where('is_active', '=', 1)
    .execute();
  const told = await trx
    .selectFrom('mention_notified')
    .select('user_id')
    .where('rumination_id', '=', saved.ruminationId)
    .where('comment_id', '=', commentKey)
    .execute();
  const alreadyNotified = new Set(told.map((row) => row.user_id));
  // Asked of the one visibility rule, person by person: a content names few people, and only
  // those not told before and not the writer are asked.
  const readers = new Set<number>();
  for (const { id } of people) {
    if (id === saved.actorId || alreadyNotified.has(id)) continue;
    if (await findVisibleRumination(trx, saved.ruminationId, id)) readers.add(id);
  }
  const recipients = mentionRecipients({
    published: saved.published,
    writerId: saved.actorId,
    mentionedIds: people.map((p) => p.id),
    mayRead: (id) => readers.has(id),
    alreadyNotified,
  });
  if (recipients.length === 0) return [];
  // Two saves of one comment at once (no If-Match: last write wins) may both find someone newly
  // mentioned: the one whose row lands tells them, the other leaves them be.
  const stored = await trx
    .insertInto('mention_notified')
    .values(
      recipients.map((userId) => ({
        rumination_id: saved.ruminationId,
        comment_id: commentKey,
        user_id: userId,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .returning('user_id')
    .execute();
  return notifyMentioned(
    trx,
    saved,
    stored.map((row) => row.user_id),
  );
}
