import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  activateQuery,
  currentUser,
  forgotPasswordRequest,
  loginRequest,
  loginResponse,
  resetPasswordRequest,
  signupRequest,
} from '../../../src/api/auth-schemas';
import { messageResponse } from '../../../src/api/common';
import { findTokenOwner, hashToken } from '../../auth/account-tokens';
import { byAddress, rateLimitHook } from '../../http/rate-limit';
import {
  activate,
  ACTIVATED_MESSAGE,
  findForLogin,
  FORGOT_MESSAGE,
  forgotPassword,
  logIn,
  RESET_MESSAGE,
  resetPassword,
  signUp,
  SIGNUP_MESSAGE,
  type AuthDeps,
} from './auth-service';

/** A field of the (already validated) body, lowercased: the "account" key of a rate limit. */
function bodyField(field: string) {
  return (request: FastifyRequest): string | undefined => {
    const body = request.body as Record<string, unknown> | undefined;
    const value = body?.[field];
    return typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  };
}

/** /api/auth/*: sign-up, activation, sign-in, the current user, forgotten and reset passwords. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const deps: AuthDeps = {
    db: app.db,
    mailer: app.mailer,
    appUrl: app.config.appUrl,
    jwtSecret: app.jwtSecret,
    log: app.log,
  };
  const limits = app.config.rateLimits;
  const limit = (name: string, rule: (typeof limits)['loginPerAddress'], key = byAddress) =>
    rateLimitHook(app, limits.enabled, name, rule, key);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/auth/signup',
    {
      schema: { body: signupRequest, response: { 201: messageResponse } },
      onRequest: limit('signup-address', limits.signupPerAddress),
    },
    async (request, reply) => {
      await signUp(deps, request.body);
      return reply.code(201).send({ message: SIGNUP_MESSAGE });
    },
  );

  r.get(
    '/api/auth/activate',
    { schema: { querystring: activateQuery, response: { 200: messageResponse } } },
    async (request) => {
      await activate(deps, request.query.token);
      return { message: ACTIVATED_MESSAGE };
    },
  );

  r.post(
    '/api/auth/login',
    {
      schema: { body: loginRequest, response: { 200: loginResponse } },
      onRequest: limit('login-address', limits.loginPerAddress),
      // Keyed by the account, so that its username and its email share one budget.
      preHandler: limit('login-account', limits.loginPerAccount, async (request) => {
        const login = bodyField('username')(request);
        if (login === undefined) return undefined;
        const account = await findForLogin(app.db, login);
        return account ? `user:${account.id}` : `login:${login}`;
      }),
    },
    (request) => logIn(deps, request.body),
  );

  r.get('/api/auth/me', { schema: { response: { 200: currentUser } } }, async (request) => {
    const user = await request.requireUser();
    return { id: user.id, username: user.username };
  });

  r.post(
    '/api/auth/forgot-password',
    {
      schema: { body: forgotPasswordRequest, response: { 200: messageResponse } },
      onRequest: limit('forgot-address', limits.forgotPerAddress),
      preHandler: limit('forgot-account', limits.forgotPerAccount, bodyField('email')),
    },
    async (request) => {
      await forgotPassword(deps, request.body.email);
      return { message: FORGOT_MESSAGE };
    },
  );

  r.post(
    '/api/auth/reset-password',
    {
      schema: { body: resetPasswordRequest, response: { 200: messageResponse } },
      onRequest: limit('reset-address', limits.resetPerAddress),
      // Per account when the token is known; an unknown one counts by its hash (which keeps the
      // token itself out of the limiter's memory).
      preHandler: limit('reset-account', limits.resetPerAccount, async (request) => {
        const token = (request.body as { token?: unknown } | undefined)?.token;
        if (typeof token !== 'string') return undefined;
        const owner = await findTokenOwner(app.db, token.trim());
        return owner !== undefined ? `user:${owner}` : `token:${hashToken(token.trim())}`;
      }),
    },
    async (request) => {
      await resetPassword(deps, request.body);
      return { message: RESET_MESSAGE };
    },
  );
}
