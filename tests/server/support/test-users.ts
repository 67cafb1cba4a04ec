import type { Kysely } from 'kysely';
import { signAccessToken } from '../../../server/credentials/access-token';
import type { Database } from '../../../server/db/schema';
import { foldForSearch } from '../../../src/domain/people-search';

/**
 * People written straight into a test database, past sign-up and activation (which have tests of
 * their own): an active account that accepted the current terms, with an access token signed as
 * the server signs it. Of the server it needs only server/db and the token signer, so the browser
 * journeys use it too (tests/e2e may import no more, eslint.config.js).
 */

/** Someone who can sign in: by name or email with the password, or straight with the token. */
export interface TestUser {
  id: number;
  username: string;
  email: string;
  password: string;
  token: string;
}

export interface ActiveUserRow {
  username: string;
  /** Default the username, as sign-up does without one. */
  displayName?: string;
  /** Default `<username>@example.test`. */
  email?: string;
  /** Default a value no password matches: the tests that sign in by password hash one. */
  passwordHash?: string;
  /** false: a sign-up never activated. */
  active?: boolean;
  /** false: the current terms are not accepted (writes then answer 403). */
  acceptTerms?: boolean;
}

export async function insertActiveUser(
  db: Kysely<Database>,
  jwtSecret: Uint8Array,
  user: ActiveUserRow,
): Promise<{ id: number; token: string }> {
  const email = user.email ?? `${user.username}@example.test`;
  const displayName = user.displayName ?? user.username;
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto('users')
    .values({
      username: user.username,
      username_lower: user.username.toLowerCase(),
      display_name: displayName,
      display_name_fold: foldForSearch(displayName),
      email,
      email_lower: email.toLowerCase(),
      password_hash: user.passwordHash ?? 'not-used',
      is_active: user.active === false ? 0 : 1,
      token_version: 0,
      create_tms: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (user.acceptTerms ?? true) {
    const current = await db
      .selectFrom('terms_versions')
      .select('version')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (current !== undefined) {
      await db
        .insertInto('terms_acceptances')
        .values({ user_id: id, version: current.version, accepted_at: now })
        .execute();
    }
  }
  const token = await signAccessToken(jwtSecret, { userId: id, tokenVersion: 0 });
  return { id, token };
}
