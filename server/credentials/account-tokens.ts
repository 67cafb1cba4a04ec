import { rowLimit } from '../db/row-limit';
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { ACCOUNT_LINK_LIFETIME_MS, type AccountLinkPurpose } from '../../src/domain/auth-decisions';
import type { Database } from '../db/schema';

/**
 * One-time tokens of the account emails (activation, password reset): 256 random bits, sent only
 * in the email; the database keeps their SHA-256, so a leaked database cannot activate or reset
 * anything. Single use: consuming marks them used in the same statement that finds them.
 */

export type AccountTokenPurpose = AccountLinkPurpose;

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export async function issueAccountToken(
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
  purpose: AccountTokenPurpose,
  now: Date = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('account_tokens')
    .values({
      user_id: userId,
      purpose,
      token_hash: hashToken(token),
      expires_at: new Date(now.getTime() + ACCOUNT_LINK_LIFETIME_MS[purpose]).toISOString(),
      used_at: null,
      create_tms: now.toISOString(),
    })
    .execute();
  return token;
}

/**
 * Marks the token used and answers its user, or undefined when it is unknown, used, expired or of
 * another purpose. One UPDATE ... RETURNING, so two requests racing with one token cannot both win.
 */
export async function consumeAccountToken(
  db: Kysely<Database> | Transaction<Database>,
  purpose: AccountTokenPurpose,
  token: string,
  now: Date = new Date(),
): Promise<number | undefined> {
  const nowIso = now.toISOString();
  const row = await db
    .updateTable('account_tokens')
    .set({ used_at: nowIso })
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Spends every open token of that purpose (after a reset, older reset links stop working). */
export async function revokeAccountTokens(
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
  purpose: AccountTokenPurpose,
  now: Date = new Date(),
): Promise<void> {
  await db
    .updateTable('account_tokens')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

/** The user a token was issued to, whatever its state (rate limits count per account). */
export async function findTokenOwner(
  db: Kysely<Database>,
  token: string,
  purpose?: AccountTokenPurpose,
): Promise<number | undefined> {
  let query = db
    .selectFrom('account_tokens')
    .select('user_id')
    .where('token_hash', '=', hashToken(token));
  if (purpose !== undefined) query = query.where('purpose', '=', purpose);
  return (await query.executeTakeFirst())?.user_id;
}

/** When the newest token of that purpose was issued to the user, or undefined. */
export async function lastTokenIssuedAt(
  db: Kysely<Database>,
  userId: number,
  purpose: AccountTokenPurpose,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('account_tokens')
    .select('create_tms')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .limit(rowLimit(1))
    .executeTakeFirst();
  return row?.create_tms;
}
