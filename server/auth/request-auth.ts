import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { TOS_REQUIRED_TITLE } from '../../src/api/terms-schemas';
import type { Database } from '../db/schema';
import { ApiProblem } from '../../src/api/problem';
import { termsStatusFor } from '../modules/terms/terms-queries';
import { verifyAccessToken } from './access-token';

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

const INVALID_TOKEN = 'The access token is invalid or has expired';

/** 401 with the challenge RFC 6750 asks for. */
function unauthorized(title: string, tokenSent: boolean): ApiProblem {
  const challenge = tokenSent ? 'Bearer error="invalid_token"' : 'Bearer';
  return new ApiProblem(401, title).withHeaders({ 'www-authenticate': challenge });
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header === undefined || header.trim() === '') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw unauthorized(INVALID_TOKEN, true);
  return match[1];
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
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'token_version', 'is_active'])
    .where('id', '=', claims.userId)
    .executeTakeFirst();
  if (user === undefined || user.is_active !== 1 || user.token_version !== claims.tokenVersion) {
    return null;
  }
  return { id: user.id, username: user.username };
}

async function resolveUser(
  db: Kysely<Database>,
  secret: Uint8Array,
  request: FastifyRequest,
): Promise<AuthUser | null> {
  const token = bearerToken(request);
  if (token === null) return null;
  const user = await userOfToken(db, secret, token);
  if (user === null) throw unauthorized(INVALID_TOKEN, true);
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
    if (user === null) throw unauthorized('Authentication required', false);
    return user;
  });

  app.decorateRequest('requireWriter', async function (this: FastifyRequest) {
    const user = await this.requireUser();
    const status = await termsStatusFor(db, user.id);
    if (status.requiresAcceptance) {
      throw new ApiProblem(
        403,
        TOS_REQUIRED_TITLE,
        `Accept the Terms of Service (version ${status.currentVersion ?? ''}) to continue.`,
      );
    }
    return user;
  });
}
