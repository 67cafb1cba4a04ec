import { describe, expect, it } from 'vitest';
import {
  ACTIVATION_RESEND_AFTER_MS,
  AUTH_PROBLEMS,
  acceptedTermsVersion,
  activationToken,
  commonPasswordProblem,
  deadActivationLink,
  decideLogin,
  decidePasswordReset,
  decideSignUp,
  PASSWORD_TOO_COMMON,
  type LoginAccount,
} from '../../../src/domain/auth-decisions';

/** The shared rules of accounts, which the server and the mock backend both settle. */

const refusalOf = (decision: { ok: boolean; refusal?: unknown }) =>
  decision.ok ? undefined : decision.refusal;

const NOW = new Date('2026-03-01T12:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

describe('a common password', () => {
  it('is a 400 on the field it was typed in, and nothing otherwise', () => {
    expect(commonPasswordProblem(true, 'newPassword')).toEqual({
      status: 400,
      title: PASSWORD_TOO_COMMON,
      errors: { newPassword: [PASSWORD_TOO_COMMON] },
    });
    expect(commonPasswordProblem(false, 'newPassword')).toBeUndefined();
  });
});

describe('a sign-up', () => {
  it('refuses a common password before a taken username', () => {
    expect(refusalOf(decideSignUp({ passwordIsCommon: true, usernameTaken: true }))).toEqual(
      commonPasswordProblem(true, 'password'),
    );
    expect(refusalOf(decideSignUp({ passwordIsCommon: false, usernameTaken: true }))).toBe(
      AUTH_PROBLEMS.usernameTaken,
    );
    expect(decideSignUp({ passwordIsCommon: false, usernameTaken: false }).ok).toBe(true);
  });

  it('records the terms version it names, without white space, and none when blank', () => {
    expect(acceptedTermsVersion({ acceptedTosVersion: ' 1.0 ' })).toBe('1.0');
    expect(acceptedTermsVersion({ acceptedTosVersion: '  ' })).toBeUndefined();
    expect(acceptedTermsVersion({})).toBeUndefined();
  });
});

describe('an activation link', () => {
  it('without a token (or a blank one) is a 400 of its own; a token is taken trimmed', () => {
    expect(refusalOf(activationToken(undefined))).toBe(AUTH_PROBLEMS.noActivationToken);
    expect(refusalOf(activationToken('  '))).toBe(AUTH_PROBLEMS.noActivationToken);
    expect(activationToken(' abc ')).toEqual({ ok: true, value: 'abc' });
  });

  it('that activated nothing says the account is active when it is, else invalid', () => {
    expect(deadActivationLink({ isActive: true })).toBe(AUTH_PROBLEMS.alreadyActivated);
    expect(deadActivationLink({ isActive: false })).toBe(AUTH_PROBLEMS.invalidActivationLink);
    expect(deadActivationLink(undefined)).toBe(AUTH_PROBLEMS.invalidActivationLink);
  });
});

describe('a sign-in', () => {
  const account = (overrides: Partial<LoginAccount> = {}): LoginAccount => ({
    isActive: true,
    lastActivationLinkAt: undefined,
    ...overrides,
  });

  it('gives an unknown account and a wrong password the same 401', () => {
    const unknown = decideLogin({ account: undefined, passwordMatches: false, now: NOW });
    expect(refusalOf(unknown)).toBe(AUTH_PROBLEMS.invalidCredentials);
    const wrong = decideLogin({ account: account(), passwordMatches: false, now: NOW });
    expect(refusalOf(wrong)).toBe(AUTH_PROBLEMS.invalidCredentials);
  });

  it('tells only whoever knows the password that the account is not active', () => {
    const inactive = account({ isActive: false, lastActivationLinkAt: minutesAgo(1) });
    const wrong = decideLogin({ account: inactive, passwordMatches: false, now: NOW });
    expect(refusalOf(wrong)).toBe(AUTH_PROBLEMS.invalidCredentials);
    const right = decideLogin({ account: inactive, passwordMatches: true, now: NOW });
    expect(right).toEqual({
      ok: true,
      value: {
        kind: 'notActivated',
        account: inactive,
        sendActivationLink: false,
        refusal: AUTH_PROBLEMS.notActivated,
      },
    });
  });

  it('sends a new activation link when none went out in the last ten minutes', () => {
    const tenMinutes = ACTIVATION_RESEND_AFTER_MS / 60_000;
    for (const last of [undefined, minutesAgo(tenMinutes), minutesAgo(60 * 25)]) {
      const inactive = account({ isActive: false, lastActivationLinkAt: last });
      const decided = decideLogin({ account: inactive, passwordMatches: true, now: NOW });
      expect(decided.ok && decided.value).toMatchObject({
        kind: 'notActivated',
        sendActivationLink: true,
        refusal: AUTH_PROBLEMS.notActivatedLinkResent,
      });
    }
    const recent = account({ isActive: false, lastActivationLinkAt: minutesAgo(tenMinutes - 1) });
    const decided = decideLogin({ account: recent, passwordMatches: true, now: NOW });
    expect(decided.ok && decided.value).toMatchObject({ sendActivationLink: false });
  });

  it('signs an active account in with the right password', () => {
    const active = account();
    expect(decideLogin({ account: active, passwordMatches: true, now: NOW })).toEqual({
      ok: true,
      value: { kind: 'signIn', account: active },
    });
  });
});

describe('a password reset', () => {
  it('refuses a common password before a link that does not work', () => {
    expect(
      refusalOf(decidePasswordReset({ passwordIsCommon: true, linkOwner: undefined })),
    ).toEqual(commonPasswordProblem(true, 'newPassword'));
    expect(refusalOf(decidePasswordReset({ passwordIsCommon: false, linkOwner: undefined }))).toBe(
      AUTH_PROBLEMS.invalidResetLink,
    );
  });

  it("gives the link's owner the new password", () => {
    expect(decidePasswordReset({ passwordIsCommon: false, linkOwner: 7 })).toEqual({
      ok: true,
      value: 7,
    });
  });
});
