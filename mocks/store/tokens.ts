import { ACCOUNT_LINK_LIFETIME_MS } from '../../src/domain/auth-decisions';
import { now } from './clock';
import { getDb, saveDb } from './db';
import { findUser } from './lookups';
import type { AccountToken, SentEmail, StoredUser } from './tables';
import { sayInEnglish, type Say } from '../../src/api/say';

/**
 * Tokens of the mock backend: access tokens (the store's `sessions`) and the single-use tokens of
 * the account emails (activation, password reset), with the outbox those emails go to.
 */

export function randomToken(bytes = 16): string {
  const data = new Uint8Array(bytes);
  crypto.getRandomValues(data);
  return Array.from(data, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A token shaped like the server's (a JWT whose `sub` is the user id), though the mock keeps it as
 * an opaque key of `sessions` and never checks a signature: the app reads `sub` to open the
 * signed-in person's offline copy and queued writes (src/features/offline/offline-user.ts), so a
 * token without it left the demo without them (no side-by-side view of a conflicted edit).
 */
export function issueToken(userId: number): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const token = `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: String(userId), jti: randomToken(8) })}.mock`;
  getDb().sessions[token] = userId;
  saveDb();
  return token;
}

export function userIdOfToken(token: string): number | undefined {
  const userId = getDb().sessions[token];
  return userId !== undefined && findUser(userId)?.isActive ? userId : undefined;
}

export function revokeTokens(userId: number): void {
  const db = getDb();
  for (const [token, owner] of Object.entries(db.sessions)) {
    if (owner === userId) delete db.sessions[token];
  }
}

/** Activation and reset emails "sent" so far (oldest first). */
export function outbox(): SentEmail[] {
  return getDb().outbox;
}

/** The web app's page an account email links to, with its token. */
export function accountLinkOf(token: AccountToken, origin: string): string {
  const path = token.purpose === 'activate' ? '/activate' : '/reset-password';
  return `${origin}${path}?token=${token.token}`;
}

/** Issues a single-use account token and "sends" its link by email, its subject in `say`'s language. */
export function sendAccountToken(
  user: StoredUser,
  purpose: AccountToken['purpose'],
  origin: string,
  say: Say = sayInEnglish,
): AccountToken {
  const issuedAt = now();
  const token: AccountToken = {
    token: randomToken(16),
    userId: user.id,
    purpose,
    issuedAt,
    expiresAt: new Date(Date.parse(issuedAt) + ACCOUNT_LINK_LIFETIME_MS[purpose]).toISOString(),
    used: false,
  };
  const db = getDb();
  db.accountTokens.push(token);
  db.outbox.push({
    to: user.email,
    subject: purpose === 'activate' ? say('Activate your account') : say('Reset your password'),
    link: accountLinkOf(token, origin),
    sentAt: now(),
  });
  return token;
}

/** When the newest token of that purpose was issued to the user, or undefined. */
export function lastAccountTokenIssuedAt(
  userId: number,
  purpose: AccountToken['purpose'],
): string | undefined {
  const newest = getDb().accountTokens.findLast(
    (t) => t.userId === userId && t.purpose === purpose,
  );
  return newest?.issuedAt;
}

/** A token in any state (used, expired), as the server keeps them all. */
export function findAnyAccountToken(
  token: string,
  purpose: AccountToken['purpose'],
): AccountToken | undefined {
  return getDb().accountTokens.find((t) => t.token === token && t.purpose === purpose);
}

/** The unused, unexpired token of that purpose, or undefined. */
export function findAccountToken(
  token: string,
  purpose: AccountToken['purpose'],
): AccountToken | undefined {
  const found = getDb().accountTokens.find((t) => t.token === token && t.purpose === purpose);
  if (!found || found.used || Date.parse(found.expiresAt) < Date.now()) return undefined;
  return found;
}
