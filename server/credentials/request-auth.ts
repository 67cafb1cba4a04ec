import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { bearerTokenOf, HTTP_PROBLEMS } from '../../src/api/http-problems';
import { termsAcceptanceRequired } from '../../src/api/terms-schemas';
import { decideWriterStanding } from '../../src/domain/account-decisions';
import type { Refusal } from '../../src/domain/decision';
import { noteReader, onPrimary } from '../db/request-reads';
import type { Database } from '../db/schema';
import { parseLsn } from '../db/wal-positions';
import { ApiProblem } from '../../src/api/problem';
import { termsStatusFor } from '../modules/terms/terms-queries';
import { verifyAccessToken, type AccessTokenClaims } from './access-token';

/** The signed-in caller, as routes and services see it. */
export interface AuthUser {
  id: number;
  username: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Optional authentication: the caller, or null when no token was sent. A token that was sent
     * but is malformed, forged, expired or revoked answers 401 (the client then signs out).
     */
    authenticate(): Promise<AuthUser | null>;
    /** The caller; 401 without a token. */
    requireUser(): Promise<AuthUser>;
    /** The caller, who may write: 403 "Terms of Service acceptance required" until they accept. */
    requireWriter(): Promise<AuthUser>;
    /** Memo of authenticate() for this request. */
    authResult: Promise<AuthUser | null> | null;
  }
}

/** 401 with the challenge RFC 6750 asks for. */
function unauthorized(refusal: Refusal, tokenSent: boolean): ApiProblem {
  const challenge = tokenSent ? 'Bearer error="invalid_token"' : 'Bearer';
  return ApiProblem.of(refusal).withHeaders({ 'www-authenticate': challenge });
}

/**
 * A writer found gone after their token was checked (their account erased meanwhile) is answered
 * as their token is from then on: 401 with the invalid_token challenge, so the client signs out.
 */
export function requireStanding(accountActive: boolean): void {
  const decided = decideWriterStanding({ accountActive });
  if (!decided.ok) throw unauthorized(decided.refusal, true);
}

function bearerToken(request: FastifyRequest): string | null {
  const read = bearerTokenOf(request.headers.authorization);
  if (!read.ok) throw unauthorized(read.refusal, true);
  return read.value;
}

/**
 * Whose a token is, or null when it is forged, expired or revoked: a deleted or deactivated user,
 * or a token issued before the last password change, reset or sign-out everywhere. Every request
 * asks this, and an open notification stream asks it again from time to time.
 */
export async function userOfToken(
  db: Kysely<Database>,
  secret: Uint8Array,
  token: string,
): Promise<AuthUser | null> {
  const claims = await verifyAccessToken(secret, token);
  if (claims === null) return null;
  // On the primary: a token revoked a moment ago must not open the API on a replica still behind.
  // The same row tells where its person's last write ended (read-your-writes, request-reads.ts).
  const user = await onPrimary(() =>
    db
      .selectFrom('users')
      .leftJoin('write_positions', 'write_positions.user_id', 'users.id')
      .select(['users.id', 'users.username', 'users.token_version', 'users.is_active'])
      .select('write_positions.lsn')
      .where('users.id', '=', claims.userId)
      .executeTakeFirst(),
  );
  if (!tokenOpensApi(claims, user)) return null;
  noteReader(user.id, parseLsn(user.lsn));
  return { id: user.id, username: user.username };
}

/** What of a user decides whether their token still opens the API. */
export interface TokenStanding {
  token_version: number;
  is_active: number;
}

/**
 * The rule of userOfToken once its user's row is read: the token's user exists, is active, and
 * the token is of their current version (also for an open stream, which reads the row once for all
 * of its user's streams).
 */
export function tokenOpensApi<User extends TokenStanding>(
  claims: AccessTokenClaims,
  user: User | undefined,
): user is User {
  return user !== undefined && user.is_active === 1 && user.token_version === claims.tokenVersion;
}

async function isActive(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

async function resolveUser(
  db: Kysely<Database>,
  secret: Uint8Array,
  request: FastifyRequest,
): Promise<AuthUser | null> {
  const token = bearerToken(request);
  if (token === null) return null;
  const user = await userOfToken(db, secret, token);
  if (user === null) throw unauthorized(HTTP_PROBLEMS.invalidToken, true);
  return user;
}

export function installRequestAuth(
  app: FastifyInstance,
  db: Kysely<Database>,
  secret: Uint8Array,
): void {
  app.decorateRequest('authResult', null);

  app.decorateRequest('authenticate', function (this: FastifyRequest) {
    this.authResult ??= resolveUser(db, secret, this);
    return this.authResult;
  });

  app.decorateRequest('requireUser', async function (this: FastifyRequest) {
    const user = await this.authenticate();
    if (user === null) throw unauthorized(HTTP_PROBLEMS.authenticationRequired, false);
    return user;
  });

  app.decorateRequest('requireWriter', async function (this: FastifyRequest) {
    const user = await this.requireUser();
    const status = await termsStatusFor(db, user.id);
    if (status.requiresAcceptance) {
      // An erasure that committed since the token was checked took the acceptance with it: the
      // person is gone, not behind on the terms (writer-lock.ts).
      requireStanding(await isActive(db, user.id));
      throw ApiProblem.of(termsAcceptanceRequired(status.currentVersion));
    }
    return user;
  });
}
