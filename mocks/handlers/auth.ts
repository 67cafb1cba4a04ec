import { ApiProblem } from '../../src/api/problem';
import { HttpResponse, type JsonBodyType } from 'msw';
import {
  ALREADY_ACTIVATED_TITLE,
  activateQuery,
  forgotPasswordRequest,
  loginRequest,
  resetPasswordRequest,
  signupRequest,
  type CurrentUser,
  type LoginResponse,
} from '../../src/api/auth-schemas';
import type { MessageResponse } from '../../src/api/common';
import { badRequest, conflict, forbidden, readBody, readQuery, requireUser, route } from '../http';
import {
  currentTerms,
  findAccountToken,
  findAnyAccountToken,
  findUser,
  findUserByLogin,
  getDb,
  hasAcceptedCurrentTerms,
  issueToken,
  nextId,
  now,
  revokeTokens,
  sendAccountToken,
} from '../store';

/** /api/auth/* (api-contract.md "Accounts"). */

// The server's words (server/modules/auth/auth-service.ts), so demo and production read alike.
export const SIGNUP_MESSAGE =
  'Account created. Please check your email for a link to activate your account.';
export const ACTIVATED_MESSAGE = 'Your account is activated. You can now sign in.';
export const FORGOT_MESSAGE =
  'If an account exists for that email address, a link to reset the password has been sent to it.';
export const RESET_MESSAGE = 'Your password has been reset. You can now sign in.';

function json<T extends JsonBodyType>(body: T, status = 200) {
  return HttpResponse.json(body, { status });
}

function originOf(request: Request): string {
  return new URL(request.url).origin;
}

/** In the demo nobody receives email, so the link goes to the browser console instead. */
function announceLink(link: string): void {
  if (typeof window !== 'undefined' && import.meta.env?.MODE === 'demo') {
    console.info(`[demo mail] ${link}`);
  }
}

/**
 * The server's common-password rule (src/api/common-passwords.ts). Its list is large: loaded on
 * the first sign-up or reset, not with the demo.
 */
export async function refuseCommonPassword(password: string, field: string): Promise<void> {
  const { isCommonPassword, PASSWORD_TOO_COMMON } = await import('../../src/api/common-passwords');
  if (isCommonPassword(password))
    throw badRequest(PASSWORD_TOO_COMMON, { [field]: [PASSWORD_TOO_COMMON] });
}

export const authHandlers = [
  route('post', '/api/auth/signup', async ({ request }) => {
    const input = await readBody(request, signupRequest);
    await refuseCommonPassword(input.password, 'password');
    const db = getDb();
    const usernameKey = input.username.toLowerCase();
    if (db.users.some((u) => u.username.toLowerCase() === usernameKey)) {
      throw conflict('Username is already taken');
    }
    const emailKey = input.email.toLowerCase();
    // A taken email gets the same answer, so that sign-up does not reveal who has an account.
    if (!db.users.some((u) => u.email.toLowerCase() === emailKey)) {
      const user = {
        id: nextId(),
        username: input.username,
        email: input.email,
        password: input.password,
        isActive: false,
        createTMS: now(),
      };
      db.users.push(user);
      const version = input.acceptedTosVersion;
      if (version !== undefined && db.terms.some((t) => t.version === version)) {
        db.acceptances.push({ userId: user.id, version, acceptedAt: now() });
      }
      const token = sendAccountToken(user, 'activate', originOf(request));
      announceLink(`${originOf(request)}/activate?token=${token.token}`);
    }
    return json<MessageResponse>({ message: SIGNUP_MESSAGE }, 201);
  }),

  route('get', '/api/auth/activate', ({ request }) => {
    const { token } = readQuery(request, activateQuery);
    if (!token) throw badRequest('Invalid activation link. No token provided.');
    const found = findAccountToken(token, 'activate');
    const user = found && findUser(found.userId);
    if (!found || !user) {
      const spent = findAnyAccountToken(token, 'activate');
      if (spent && findUser(spent.userId)?.isActive) throw badRequest(ALREADY_ACTIVATED_TITLE);
      throw badRequest('Invalid or expired activation link');
    }
    found.used = true;
    user.isActive = true;
    return json<MessageResponse>({ message: ACTIVATED_MESSAGE });
  }),

  route('post', '/api/auth/login', async ({ request }) => {
    const input = await readBody(request, loginRequest);
    const user = findUserByLogin(input.username);
    if (!user || user.password !== input.password) {
      throw new ApiProblem(401, 'Invalid username or password');
    }
    if (!user.isActive) throw forbidden('Account is not activated');
    return json<LoginResponse>({
      accessToken: issueToken(user.id),
      requiresTosAcceptance: !hasAcceptedCurrentTerms(user.id),
      latestTosVersion: currentTerms()?.version ?? null,
    });
  }),

  route('get', '/api/auth/me', ({ request }) => {
    const user = findUser(requireUser(request));
    if (!user) throw new ApiProblem(401, 'Authentication required');
    return json<CurrentUser>({ id: user.id, username: user.username });
  }),

  route('post', '/api/auth/forgot-password', async ({ request }) => {
    const { email } = await readBody(request, forgotPasswordRequest);
    const key = email.toLowerCase();
    const user = getDb().users.find((u) => u.email.toLowerCase() === key);
    if (user) {
      const token = sendAccountToken(user, 'reset', originOf(request));
      announceLink(`${originOf(request)}/reset-password?token=${token.token}`);
    }
    return json<MessageResponse>({ message: FORGOT_MESSAGE });
  }),

  route('post', '/api/auth/reset-password', async ({ request }) => {
    const input = await readBody(request, resetPasswordRequest);
    await refuseCommonPassword(input.newPassword, 'newPassword');
    const found = findAccountToken(input.token, 'reset');
    const user = found && findUser(found.userId);
    if (!found || !user) throw badRequest('Invalid or expired reset link');
    found.used = true;
    user.password = input.newPassword;
    // Sessions elsewhere end, and older reset links die with them.
    revokeTokens(user.id);
    for (const t of getDb().accountTokens) {
      if (t.userId === user.id && t.purpose === 'reset') t.used = true;
    }
    return json<MessageResponse>({ message: RESET_MESSAGE });
  }),
];
