import { jwtVerify, SignJWT } from 'jose';

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
  return new SignJWT({ tv: claims.tokenVersion })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_LIFETIME_SECONDS)
    .sign(secret);
}

/** The claims of a valid token, or null for a forged, malformed or expired one. */
export async function verifyAccessToken(
  secret: Uint8Array,
  token: string,
): Promise<AccessTokenClaims | null> {
  try {
    // The allow-list refuses `alg: none` and any algorithm other than the one we sign with.
    const { payload } = await jwtVerify(token, secret, {
      algorithms: [ALGORITHM],
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const userId = Number(payload.sub);
    const tokenVersion = payload['tv'];
    if (!Number.isSafeInteger(userId) || userId <= 0) return null;
    if (typeof tokenVersion !== 'number' || !Number.isSafeInteger(tokenVersion)) return null;
    return { userId, tokenVersion };
  } catch {
    return null;
  }
}
