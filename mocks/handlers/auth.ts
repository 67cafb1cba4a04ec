import { HttpResponse, type JsonBodyType } from 'msw';
import {
  activateQuery,
  forgotPasswordRequest,
  loginRequest,
  resetPasswordRequest,
  signupRequest,
  type CurrentUser,
  type LoginResponse,
} from '../../src/api/auth-schemas';
import { ApiProblem, settle } from '../../src/api/problem';
import { ownAccount } from '../../src/domain/account-decisions';
import {
  ACTIVATED_MESSAGE,
  acceptedTermsVersion,
  activationToken,
  deadActivationLink,
  decideLogin,
  decidePasswordReset,
  decideSignUp,
  FORGOT_MESSAGE,
  RESET_MESSAGE,
  SIGNUP_MESSAGE,
  type AccountLinkPurpose,
} from '../../src/domain/auth-decisions';
import { messageResponse, readBody, readQuery, requireUser, route } from '../http';
import { sayForRequest } from '../i18n';
import {
  accountLinkOf,
  findAccountToken,
  findAnyAccountToken,
  issueToken,
  lastAccountTokenIssuedAt,
  revokeTokens,
  sendAccountToken,
} from '../store/tokens';
import { currentTerms, findUser, findUserByLogin, hasAcceptedCurrentTerms } from '../store/lookups';
import { getDb, nextId } from '../store/db';
import { now } from '../store/clock';
import type { StoredUser } from '../store/tables';
import { toPerson } from '../views';

/**
 * /api/auth/* (api-contract.md "Accounts"): loads the facts from the store, asks the shared rules
 * (src/domain/auth-decisions.ts) and stores what they decided.
 */

function json<T extends JsonBodyType>(body: T, status = 200) {
  return HttpResponse.json(body, { status });
}

/** In the demo nobody receives email, so the link goes to the browser console instead. */
function announceLink(link: string): void {
  if (typeof window !== 'undefined' && import.meta.env?.MODE === 'demo') {
    console.info(`[demo mail] ${link}`);
  }
}

/**
 * "Sends" an account link: into the outbox, its subject in the request's language (the person
 * asking is its recipient), and to the console in the demo.
 */
async function sendLink(
  user: StoredUser,
  purpose: AccountLinkPurpose,
  request: Request,
): Promise<void> {
  const { origin } = new URL(request.url);
  const say = await sayForRequest(request);
  announceLink(accountLinkOf(sendAccountToken(user, purpose, origin, say), origin));
}

/**
 * Whether a new password is among the most common ones (src/api/common-passwords.ts). Its list is
 * large: loaded on the first sign-up, reset or change, not with the demo.
 */
export async function passwordIsCommon(password: string): Promise<boolean> {
  const { isCommonPassword } = await import('../../src/api/common-passwords');
  return isCommonPassword(password);
}

export const authHandlers = [
  route('post', '/api/auth/signup', async ({ request }) => {
    const input = await readBody(request, signupRequest);
    const db = getDb();
    const usernameKey = input.username.toLowerCase();
    settle(
      decideSignUp({
        passwordIsCommon: await passwordIsCommon(input.password),
        usernameTaken: db.users.some((u) => u.username.toLowerCase() === usernameKey),
      }),
    );
    const emailKey = input.email.toLowerCase();
    // A taken email gets the same answer (the rule's), and nothing is stored.
    if (!db.users.some((u) => u.email.toLowerCase() === emailKey)) {
      const user: StoredUser = {
        id: nextId(),
        username: input.username,
        email: input.email,
        password: input.password,
        isActive: false,
        createTMS: now(),
        // The schema trimmed and NFC-normalised it; the username until its owner chooses one.
        displayName: input.displayName ?? input.username,
        bio: '',
      };
      db.users.push(user);
      const version = acceptedTermsVersion(input);
      if (version !== undefined && db.terms.some((t) => t.version === version)) {
        db.acceptances.push({ userId: user.id, version, acceptedAt: now() });
      }
      await sendLink(user, 'activate', request);
    }
    return messageResponse(request, SIGNUP_MESSAGE, 201);
  }),

  route('get', '/api/auth/activate', ({ request }) => {
    const token = settle(activationToken(readQuery(request, activateQuery).token));
    const found = findAccountToken(token, 'activate');
    const user = found && findUser(found.userId);
    if (!found || !user) {
      const spent = findAnyAccountToken(token, 'activate');
      throw ApiProblem.of(deadActivationLink(spent && findUser(spent.userId)));
    }
    found.used = true;
    user.isActive = true;
    return messageResponse(request, ACTIVATED_MESSAGE);
  }),

  route('post', '/api/auth/login', async ({ request }) => {
    const input = await readBody(request, loginRequest);
    const user = findUserByLogin(input.username);
    const outcome = settle(
      decideLogin({
        account: user && {
          user,
          isActive: user.isActive,
          lastActivationLinkAt: lastAccountTokenIssuedAt(user.id, 'activate'),
        },
        passwordMatches: user?.password === input.password,
        now: new Date(now()),
      }),
    );
    const account = outcome.account.user;
    if (outcome.kind === 'notActivated') {
      if (outcome.sendActivationLink) await sendLink(account, 'activate', request);
      throw ApiProblem.of(outcome.refusal);
    }
    return json<LoginResponse>({
      accessToken: issueToken(account.id),
      requiresTosAcceptance: !hasAcceptedCurrentTerms(account.id),
      latestTosVersion: currentTerms()?.version ?? null,
    });
  }),

  route('get', '/api/auth/me', ({ request }) => {
    const user = settle(ownAccount(findUser(requireUser(request))));
    return json<CurrentUser>(toPerson(user));
  }),

  route('post', '/api/auth/forgot-password', async ({ request }) => {
    const { email } = await readBody(request, forgotPasswordRequest);
    const key = email.toLowerCase();
    const user = getDb().users.find((u) => u.email.toLowerCase() === key);
    if (user) await sendLink(user, 'reset', request);
    return messageResponse(request, FORGOT_MESSAGE);
  }),

  route('post', '/api/auth/reset-password', async ({ request }) => {
    const input = await readBody(request, resetPasswordRequest);
    const found = findAccountToken(input.token.trim(), 'reset');
    const user = settle(
      decidePasswordReset({
        passwordIsCommon: await passwordIsCommon(input.newPassword),
        linkOwner: found && findUser(found.userId),
      }),
    );
    user.password = input.newPassword;
    // The link proved the address, as the activation link would have.
    user.isActive = true;
    // Sessions elsewhere end, and this and older reset links die with them.
    revokeTokens(user.id);
    for (const t of getDb().accountTokens) {
      if (t.userId === user.id && t.purpose === 'reset') t.used = true;
    }
    return messageResponse(request, RESET_MESSAGE);
  }),
];
