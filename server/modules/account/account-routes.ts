import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  account,
  changePasswordRequest,
  changePasswordResponse,
  deleteAccountRequest,
  updateProfileRequest,
} from '../../../src/api/account-schemas';
import { erasureLogPath } from '../../backup/erasure-log';
import { accountOfUser, LoginThrottle } from '../auth/login-throttle';
import {
  changePassword,
  deleteAccount,
  getAccount,
  signOutEverywhere,
  updateProfile,
  type PasswordCheck,
} from './account-service';

/** /api/account: HTTP in and out only; the rules live in account-service.ts. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limits = app.config.rateLimits;
  // The sign-in counters: a stolen token must not become a way to guess the password faster than
  // the login form allows, so wrong passwords here count as wrong sign-ins, and the same wait holds.
  const throttle = new LoginThrottle(app.rateCounters, {
    enabled: limits.enabled,
    perPair: limits.loginFailuresPerPair,
    perAccount: limits.loginFailuresPerAccount,
  });
  async function passwordCheck(userId: number, address: string): Promise<PasswordCheck> {
    const owner = accountOfUser(userId);
    await throttle.check(owner, address);
    return { onWrongPassword: () => throttle.recordFailure(owner, address) };
  }

  api.get('/api/account', { schema: { response: { 200: account } } }, async (request) => {
    const user = await request.requireUser();
    return getAccount(app.db, user.id);
  });

  // What others see them as: a write like a note's, so only once the terms are accepted.
  api.put(
    '/api/account/profile',
    { schema: { body: updateProfileRequest, response: { 200: account } } },
    async (request) => {
      const user = await request.requireWriter();
      return updateProfile(app.db, user.id, request.body);
    },
  );

  api.put(
    '/api/account/password',
    { schema: { body: changePasswordRequest, response: { 200: changePasswordResponse } } },
    async (request) => {
      const user = await request.requireUser();
      const check = await passwordCheck(user.id, request.ip);
      return changePassword(app.db, app.jwtSecret, user.id, request.body, check);
    },
  );

  api.post('/api/account/sign-out-everywhere', async (request, reply) => {
    const user = await request.requireUser();
    await signOutEverywhere(app.db, user.id);
    return reply.code(204).send();
  });

  api.delete('/api/account', { schema: { body: deleteAccountRequest } }, async (request, reply) => {
    const user = await request.requireUser();
    const check = await passwordCheck(user.id, request.ip);
    const deps = {
      db: app.db,
      mailer: app.mailer,
      log: request.log,
      erasureLog: erasureLogPath(app.config),
    };
    await deleteAccount(deps, user.id, request.body.password, check);
    return reply.code(204).send();
  });
}
