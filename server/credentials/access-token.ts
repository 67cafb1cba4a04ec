import { jwtVerify, SignJWT } from 'jose';
import { MAX_ID } from '../../src/api/common';
import { noteActor } from '../db/request-reads';

/**
 * Access tokens: HS256 JWTs valid for 7 days, carrying the user id (`sub`) and the user's token
 * version (`tv`). Bumping the version in the database (password reset) revokes every older token.
 */

const ALGORITHM = 'HS256';
export const ACCESS_TOKEN_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

export interface AccessTokenClaims {
  userId: number;
  tokenVersion: number;
}

export async function signAccessToken(
  secret: Uint8Array,
  claims: AccessTokenClaims,
  now: Date = new Date(),
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  // What this request wrote (the new account, the new password) is the token's person's: with
  // read replicas, their next reads wait for it (request-reads.ts).
  noteActor(claims.userId);
  return new SignJWT({ tv: claims.tokenVersion })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_LIFETIME_SECONDS)
    .sign(secret);
}

/** How many verified tokens verifyAccessToken remembers (about 200 bytes each). */
const MAX_VERIFIED = 10_000;

interface VerifiedToken extends AccessTokenClaims {
  /** Expiry, in seconds since the epoch. */
  exp: number;
}

/**
 * Tokens whose signature was verified, per secret, least recently used first. A signed-in client
 * sends the same token on every call; checking its HMAC once is enough, since a token string that
 * verified once always verifies with the same secret. Expiry is still checked on every call, and
 * revocation never lived here (request-auth.ts compares the token version with the database's on
 * every call), so this cache cannot let a revoked or expired token through, on any instance.
 */
const verifiedBySecret = new WeakMap<Uint8Array, Map<string, VerifiedToken>>();

function verifiedTokens(secret: Uint8Array): Map<string, VerifiedToken> {
  let verified = verifiedBySecret.get(secret);
  if (verified === undefined) {
    verified = new Map();
    verifiedBySecret.set(secret, verified);
  }
  return verified;
}

/** The claims of a valid token, or null for a forged, malformed or expired one. */
export async function verifyAccessToken(
  secret: Uint8Array,
  token: string,
): Promise<AccessTokenClaims | null> {
  const verified = verifiedTokens(secret);
  const known = verified.get(token);
  if (known !== undefined) {
    verified.delete(token);
    if (known.exp * 1000 <= Date.now()) return null;
    verified.set(token, known);
    return { userId: known.userId, tokenVersion: known.tokenVersion };
  }
  const claims = await verifySignedToken(secret, token);
  if (claims !== null) {
    if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value as string);
    verified.set(token, claims);
    return { userId: claims.userId, tokenVersion: claims.tokenVersion };
  }
  return null;
}

async function verifySignedToken(secret: Uint8Array, token: string): Promise<VerifiedToken | null> {
  try {
    // The allow-list refuses `alg: none` and any algorithm other than the one we sign with.
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [ALGORITHM],
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const userId = Number(payload.sub);
    const tokenVersion = payload['tv'];
    // Ids are 32-bit integers in the database: a larger one is no user (and PostgreSQL would
    // refuse to compare it), not an error.
    if (!Number.isSafeInteger(userId) || userId <= 0 || userId > MAX_ID) return null;
    if (typeof tokenVersion !== 'number' || !Number.isSafeInteger(tokenVersion)) return null;
    if (typeof payload.exp !== 'number') return null;
    return { userId, tokenVersion, exp: payload.exp };
  } catch {
    return null;
  }
}
