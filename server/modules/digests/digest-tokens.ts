import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sharedServerKey } from '../../credentials/server-keys';
import type { Database } from '../../db/schema';

/**
 * The signed token of a digest's unsubscribe link (RFC 8058 one-click): `<userId>.<mac>`, the MAC
 * an HMAC-SHA256 over the purpose and the user id, base64url. It carries no expiry on purpose: an
 * old digest's link must still stop the next one. Anyone holding it can do one thing only, turn
 * that person's digest off, which is what the person who received it asked for.
 */

/** The name of the key in server_keys: every instance signs and checks with the same one. */
export const UNSUBSCRIBE_KEY_NAME = 'digest-unsubscribe';

/** Signed with the id, so a token made for another use of the key could never pass here. */
const PURPOSE = 'digest-unsubscribe';
/**
 * A reminder email's link (server/modules/reminders) turns the reminder off, not the digest: the
 * same key and shape, another purpose, so neither token passes for the other.
 */
export const REMINDER_PURPOSE = 'reminder-unsubscribe';

/** Ids are PostgreSQL `integer`s: a larger number is no id, and must not reach a query. */
const MAX_ID = 2_147_483_647;

/** `<id>.<43 base64url characters>`: a 32-byte MAC without padding. */
const TOKEN_SHAPE = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/;

function mac(key: Buffer, userId: number, purpose: string): Buffer {
  return createHmac('sha256', key).update(`${purpose}.${userId}`).digest();
}

export function unsubscribeToken(key: Buffer, userId: number, purpose = PURPOSE): string {
  return `${userId}.${mac(key, userId, purpose).toString('base64url')}`;
}

/** The user id a token was signed for, or null when it is malformed or forged. */
export function verifyUnsubscribeToken(
  key: Buffer,
  token: string,
  purpose = PURPOSE,
): number | null {
  const parts = TOKEN_SHAPE.exec(token);
  if (parts === null) return null;
  const userId = Number(parts[1]);
  if (userId > MAX_ID) return null;
  // The MAC as written, not as decoded: the last of 43 characters carries two bits that decoding
  // drops, so four spellings of one token would all pass. Only the one the server wrote does.
  const given = Buffer.from(parts[2] ?? '');
  const expected = Buffer.from(mac(key, userId, purpose).toString('base64url'));
  // Constant time: how much of a guess matched must not show in how long the answer took.
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

const keys = new WeakMap<Kysely<Database>, Promise<Buffer>>();

/**
 * The deployment's signing key, made by the first instance that needs it (sharedServerKey) and
 * then kept in memory per database handle. A failed read is not kept: the next call asks again.
 */
export function unsubscribeKey(db: Kysely<Database>): Promise<Buffer> {
  let key = keys.get(db);
  if (key === undefined) {
    key = sharedServerKey(db, UNSUBSCRIBE_KEY_NAME, () =>
      randomBytes(32).toString('base64url'),
    ).then((value) => Buffer.from(value, 'base64url'));
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}
