import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/** SQL of /api/account, apart from erasure (account-erasure.ts). */

export interface AccountDetails {
  id: number;
  username: string;
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
    .select(['id', 'username', 'email', 'password_hash', 'token_version', 'create_tms'])
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
