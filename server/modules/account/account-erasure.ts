import { PostgresAdapter, sql, type Transaction } from 'kysely';
import { ERASED_ACCOUNT_NAME } from '../../../src/api/account-schemas';
import type { Database } from '../../db/schema';
import { deleteDigestState } from '../digests/digest-queries';
import { makeUploadsOfAccountDue } from '../media/media-sweep-queries';
import { deleteNotificationsOfPerson } from '../notifications/notification-queries';
import { deleteSubscriptionsOfPerson } from '../push/push-queries';
import { deleteReactionsOfPerson } from '../reactions/reaction-queries';
import { forgetFeedOf, forgetFeedOfRuminations } from '../ruminations/feed-timeline';

/**
 * Deleting an account (api-contract.md "My account"), inside the caller's transaction, so that it
 * happens whole or not at all. What goes:
 * - their ruminations, with every comment and reaction on them (anyone's; the foreign key cascades);
 * - every reaction they gave, and the memory of whom those told;
 * - their relations in every state, and every viewer_audiences row they are part of, so nobody's
 *   feed or visibility still counts them;
 * - their activation and reset tokens, terms acceptances and idempotency keys;
 * - every notification to them and every one of their doing (to others), which names them;
 * - their Web Push subscriptions (the devices of their browsers);
 * - their photos, made due for the photo sweep (server/modules/media/media-sweep.ts).
 * What stays, erased: their comments on other people's ruminations (content gone, deleted), so that
 * replies keep their place; and the users row itself, as a tombstone those comments point to. The
 * tombstone shows ERASED_ACCOUNT_NAME (as username and display name), holds no email, no password
 * and no bio, is not active (no profile, no search, no sign-in, no relation), and its lookup keys
 * can never equal a username or an email again, so both are free for a new account at once.
 *
 * The person's own writes in flight are excluded first (server/credentials/writer-lock.ts): the
 * user row is locked before anything is read or erased, so a write that got its lock earlier has
 * committed and is erased here, and one that comes later waits and then finds the account gone.
 */
export async function eraseAccount(trx: Transaction<Database>, userId: number): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
  }
  const now = new Date().toISOString();
  const own = trx.selectFrom('ruminations').select('id').where('author_id', '=', userId);
  // Replies before what they answer would be the safe order for foreign keys without cascade;
  // deleting all of one rumination's comments in one statement is checked at its end.
  await trx.deleteFrom('comments').where('rumination_id', 'in', own).execute();
  // Their tags (through rumination_tags_author) and whom their notes told of a mention; and that
  // they were told of others' mentions, which names them.
  await trx.deleteFrom('rumination_tags').where('author_id', '=', userId).execute();
  await trx.deleteFrom('mention_notified').where('rumination_id', 'in', own).execute();
  await trx.deleteFrom('mention_notified').where('user_id', '=', userId).execute();
  // Their notes in others' feeds (no foreign key cascades them: migration 0031).
  await forgetFeedOfRuminations(trx, own);
  await trx.deleteFrom('ruminations').where('author_id', '=', userId).execute();
  // Their photos: those of the notes just erased are due already (the foreign key let go of
  // them); their uploads no note holds yet become due now. The photo sweep erases the files.
  await makeUploadsOfAccountDue(trx, userId, now);
  await trx
    .updateTable('comments')
    .set({ content: '', is_deleted: 1, update_tms: now })
    .where('author_id', '=', userId)
    .where('is_deleted', '=', 0)
    .execute();
  await trx
    .deleteFrom('user_relations')
    .where((eb) => eb.or([eb('initiator_id', '=', userId), eb('receiver_id', '=', userId)]))
    .execute();
  await forgetFeedOf(trx, userId);
  await trx
    .deleteFrom('viewer_audiences')
    .where((eb) => eb.or([eb('viewer_id', '=', userId), eb('author_id', '=', userId)]))
    .execute();
  await deleteNotificationsOfPerson(trx, userId);
  await deleteReactionsOfPerson(trx, userId);
  // Their devices, with the messages queued for them (the tombstone cascades nothing).
  await deleteSubscriptionsOfPerson(trx, userId);
  await trx.deleteFrom('account_tokens').where('user_id', '=', userId).execute();
  await trx.deleteFrom('terms_acceptances').where('user_id', '=', userId).execute();
  // The users row stays as a tombstone, so the preferences' foreign key cascades nothing.
  await trx.deleteFrom('user_preferences').where('user_id', '=', userId).execute();
  await deleteDigestState(trx, userId);
  await trx.deleteFrom('reminder_claims').where('user_id', '=', userId).execute();
  // Their imports and the keys of what they imported. A running job stays for its worker, which
  // finds the account gone, ends the job and deletes its uploaded file (imports/import-run.ts).
  await trx.deleteFrom('import_entries').where('owner_id', '=', userId).execute();
  await trx
    .deleteFrom('imports')
    .where('owner_id', '=', userId)
    .where('state', '<>', 'running')
    .execute();
  await sql`delete from idempotency_keys where user_id = ${userId}`.execute(trx);
  // ':' is in no username and '@' in every email, so these keys never collide with a real one.
  const tombstoneKey = `erased:${userId}`;
  await trx
    .updateTable('users')
    .set((eb) => ({
      username: ERASED_ACCOUNT_NAME,
      username_lower: tombstoneKey,
      // The name they chose and their bio are theirs too; the comments left show the tombstone's.
      display_name: ERASED_ACCOUNT_NAME,
      display_name_fold: '',
      bio: '',
      // The language their browser asked for is theirs too (migration 0029).
      seen_language: null,
      email: '',
      email_lower: tombstoneKey,
      password_hash: '',
      is_active: 0,
      token_version: eb('token_version', '+', 1),
    }))
    .where('id', '=', userId)
    .execute();
}
