import type { Kysely } from 'kysely';

/**
 * A person's language (api-contract.md "Languages"; the rule is src/domain/preferences.ts
 * recipientLanguage), the same statements on both databases:
 *
 * - `user_preferences.language`: 'en' | 'es' | 'ar' chosen in Settings; null (the default, and
 *   every existing row's) follows the browser;
 * - `users.seen_language`: the language of the Accept-Language of their last sign-up or sign-in
 *   ('en' | 'es' | 'ar'), what their emails, digests and pushes are written in while they have
 *   chosen none; null for an account that has not signed in since, written in English. The
 *   erasure forgets it with the rest of the tombstone's (server/modules/account/account-erasure.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_preferences').addColumn('language', 'text').execute();
  await db.schema.alterTable('users').addColumn('seen_language', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('seen_language').execute();
  await db.schema.alterTable('user_preferences').dropColumn('language').execute();
}
