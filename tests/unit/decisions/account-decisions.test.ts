import { describe, expect, it } from 'vitest';
import { CURRENT_PASSWORD_WRONG, DELETE_PASSWORD_WRONG } from '../../../src/api/account-schemas';
import { HTTP_PROBLEMS } from '../../../src/api/http-problems';
import {
  ACCOUNT_PROBLEMS,
  decideAccountDeletion,
  decideExportStart,
  EXPORT_PROBLEMS,
  decidePasswordChange,
  decideWriterStanding,
  ownAccount,
} from '../../../src/domain/account-decisions';
import { commonPasswordProblem } from '../../../src/domain/auth-decisions';

/** The shared rules of my account, which the server and the mock backend both settle. */

const refusalOf = (decision: { ok: boolean; refusal?: unknown }) =>
  decision.ok ? undefined : decision.refusal;

describe('my account', () => {
  it('is the caller’s own; one deleted since the token was checked is a 401', () => {
    expect(ownAccount({ id: 3 })).toEqual({ ok: true, value: { id: 3 } });
    expect(refusalOf(ownAccount(undefined))).toBe(HTTP_PROBLEMS.authenticationRequired);
  });
});

describe('changing the password', () => {
  it('refuses a wrong current password on its field, before a common new one', () => {
    const wrong = decidePasswordChange({
      currentPasswordMatches: false,
      newPasswordIsCommon: true,
    });
    expect(refusalOf(wrong)).toBe(ACCOUNT_PROBLEMS.currentPasswordWrong);
    expect(ACCOUNT_PROBLEMS.currentPasswordWrong).toEqual({
      status: 400,
      title: CURRENT_PASSWORD_WRONG,
      errors: { currentPassword: [CURRENT_PASSWORD_WRONG] },
    });
  });

  it('refuses a common new password on its field', () => {
    const common = decidePasswordChange({
      currentPasswordMatches: true,
      newPasswordIsCommon: true,
    });
    expect(refusalOf(common)).toEqual(commonPasswordProblem(true, 'newPassword'));
  });

  it('allows a right current password and an uncommon new one', () => {
    const ok = decidePasswordChange({ currentPasswordMatches: true, newPasswordIsCommon: false });
    expect(ok.ok).toBe(true);
  });
});

describe('deleting the account', () => {
  it('needs the password, refused on its field', () => {
    expect(refusalOf(decideAccountDeletion({ passwordMatches: false }))).toEqual({
      status: 400,
      title: DELETE_PASSWORD_WRONG,
      errors: { password: [DELETE_PASSWORD_WRONG] },
    });
    expect(decideAccountDeletion({ passwordMatches: true }).ok).toBe(true);
  });
});

describe('writing while the account is deleted', () => {
  it('lets a standing account write; one erased meanwhile is answered as a dead token', () => {
    expect(decideWriterStanding({ accountActive: true }).ok).toBe(true);
    expect(refusalOf(decideWriterStanding({ accountActive: false }))).toBe(
      HTTP_PROBLEMS.invalidToken,
    );
  });
});

describe('starting an export', () => {
  it('runs one export of an account at a time, then as many as the instance may run', () => {
    expect(decideExportStart({ accountExportRunning: false, instanceExportsFull: false }).ok).toBe(
      true,
    );
    expect(
      refusalOf(decideExportStart({ accountExportRunning: true, instanceExportsFull: true })),
    ).toEqual(EXPORT_PROBLEMS.accountExportRunning);
    expect(
      refusalOf(decideExportStart({ accountExportRunning: false, instanceExportsFull: true })),
    ).toEqual(EXPORT_PROBLEMS.instanceExportsFull);
  });

  it('answers both refusals with 429, which a client retries later', () => {
    expect(EXPORT_PROBLEMS.accountExportRunning.status).toBe(429);
    expect(EXPORT_PROBLEMS.instanceExportsFull.status).toBe(429);
  });
});
