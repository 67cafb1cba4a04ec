import type { FastifyInstance } from 'fastify';
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
import { languageOfAcceptLanguage } from '../../../src/api/languages';
import { findTokenOwner, hashToken } from '../../credentials/account-tokens';
import { ApiProblem } from '../../../src/api/problem';
import { byAddress, rateLimitHook } from '../../http/rate-limit';
import { accountOfUser, LoginThrottle } from './login-throttle';
import {
  ACTIVATED_MESSAGE,
  FORGOT_MESSAGE,
  RESET_MESSAGE,
  SIGNUP_MESSAGE,
} from '../../../src/domain/auth-decisions';
import {
  activate,
  currentPerson,
  findForLogin,
  logIn,
  resetPassword,
  sendPasswordReset,
  signUp,
  type AuthDeps,
} from './auth-service';

/** /api/auth/*: sign-up, activation, sign-in, the current user, forgotten and reset passwords. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const deps: AuthDeps = {
    db: app.db,
    mailer: app.mailer,
    appUrl: app.config.appUrl,
    jwtSecret: app.jwtSecret,
    log: app.log,
    rateCounters: app.rateCounters,
    resetEmails: {
      enabled: app.config.rateLimits.enabled,
      rule: app.config.rateLimits.forgotEmailsPerAccount,
    },
  };
  const limits = app.config.rateLimits;
  const loginThrottle = new LoginThrottle(app.rateCounters, {
    enabled: limits.enabled,
    perPair: limits.loginFailuresPerPair,
    perAccount: limits.loginFailuresPerAccount,
  });
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
      await signUp(
        deps,
        request.body,
        languageOfAcceptLanguage(request.headers['accept-language']),
      );
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
    },
    async (request) => {
      // Keyed by the account, so that its username and its email share one count.
      const login = request.body.username.trim().toLowerCase();
      const found = await findForLogin(app.db, login);
      const account = found ? accountOfUser(found.id) : `login:${login}`;
      await loginThrottle.check(account, request.ip);
      try {
        return await logIn(
          deps,
          request.body,
          languageOfAcceptLanguage(request.headers['accept-language']),
        );
      } catch (error) {
        if (error instanceof ApiProblem && error.status === 401) {
          await loginThrottle.recordFailure(account, request.ip);
        }
        throw error;
      }
    },
  );

  r.get('/api/auth/me', { schema: { response: { 200: currentUser } } }, async (request) => {
    const user = await request.requireUser();
    return currentPerson(app.db, user.id);
  });

  r.post(
    '/api/auth/forgot-password',
    {
      schema: { body: forgotPasswordRequest, response: { 200: messageResponse } },
      onRequest: limit('forgot-address', limits.forgotPerAddress),
    },
    (request) => {
      // Answer first: whether the address has an account must not show in the answer's timing.
      const { email } = request.body;
      app.background.run('password reset email', () => sendPasswordReset(deps, email));
      return Promise.resolve({ message: FORGOT_MESSAGE });
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
      const userId = await resetPassword(deps, request.body);
      // The owner has proved who they are: wrong guesses by anyone are forgotten.
      await loginThrottle.clear(accountOfUser(userId));
      return { message: RESET_MESSAGE };
    },
  );
}
