import type { Kysely } from 'kysely';
import { isLanguage, type Language } from '../../src/api/languages';
import { recipientLanguage as languageOf } from '../../src/domain/preferences';
import type { Database } from '../db/schema';

/**
 * The language each person is written to in (emails, digests, push titles: api-contract.md
 * "Languages"), by src/domain/preferences.ts recipientLanguage: the one chosen in Settings
 * (`user_preferences.language`), else the one seen at their last sign-up or sign-in
 * (`users.seen_language`), else English; English too for an id with no account. Migration 0029.
 */

/** Ids per statement: far below either database's limit of bound parameters. */
const IDS_PER_QUERY = 500;

/** Every id of `userIds` with its language, in one statement per 500 distinct ids. */
export async function recipientLanguages(
  db: Kysely<Database>,
  userIds: readonly number[],
): Promise<Map<number, Language>> {
  const ids = [...new Set(userIds)];
  const languages = new Map<number, Language>(ids.map((id) => [id, 'en']));
  for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
    const rows = await db
      .selectFrom('users')
      .leftJoin('user_preferences', 'user_preferences.user_id', 'users.id')
      .select(['users.id', 'users.seen_language', 'user_preferences.language'])
      .where('users.id', 'in', ids.slice(i, i + IDS_PER_QUERY))
      .execute();
    for (const row of rows) {
      // A value this version does not speak (written by a later one) counts as none.
      const chosen = isLanguage(row.language) ? row.language : null;
      const seen = isLanguage(row.seen_language) ? row.seen_language : null;
      languages.set(row.id, languageOf(chosen, seen));
    }
  }
  return languages;
}

/** One person's language (see recipientLanguages). */
export async function recipientLanguage(db: Kysely<Database>, userId: number): Promise<Language> {
  return (await recipientLanguages(db, [userId])).get(userId) ?? 'en';
}
