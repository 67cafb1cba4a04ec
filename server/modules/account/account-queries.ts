import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { foldForSearch } from '../../../src/domain/people-search';

/** SQL of /api/account, apart from erasure (account-erasure.ts). */

export interface AccountDetails {
  id: number;
  username: string;
  display_name: string;
  email: string;
  password_hash: string;
  token_version: number;
  create_tms: string;
}

export function findAccount(
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
): Promise<AccountDetails | undefined> {
  return db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'display_name',
      'email',
      'password_hash',
      'token_version',
      'create_tms',
    ])
    .where('id', '=', userId)
    .where('is_active', '=', 1)
    .executeTakeFirst();
}

/** Bumping token_version revokes every access token issued before; returns the new version. */
export async function bumpTokenVersion(
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
): Promise<number> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', userId)
    .returning('token_version')
    .executeTakeFirstOrThrow();
  return row.token_version;
}

/**
 * The name they go by and their bio (PUT /api/account/profile), both as their schemas normalised
 * them; the name's fold beside it, as people search compares names (src/domain/people-search.ts).
 */
export async function updateProfile(
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
  profile: { displayName: string; bio: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      display_name: profile.displayName,
      display_name_fold: foldForSearch(profile.displayName),
      bio: profile.bio,
    })
    .where('id', '=', userId)
    .where('is_active', '=', 1)
    .execute();
}
