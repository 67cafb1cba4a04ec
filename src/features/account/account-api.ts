import { t } from '@lingui/core/macro';
import { api, withDefaultError } from '../../lib/http';
import type {
  Account,
  ChangePasswordRequest,
  ChangePasswordResponse,
  DeleteAccountRequest,
  UpdateProfileRequest,
} from '../../api/account-schemas';

/**
 * Calls of /api/account (the signed-in person's own account), with their default errors (in the
 * language spoken when the call is made).
 */

export function fetchAccount(): Promise<Account> {
  return withDefaultError(t`Failed to fetch your account`, () =>
    api.get('account').json<Account>(),
  );
}

/** PUT /api/account/profile: the display name and bio; answers the account. */
export function updateProfile(body: UpdateProfileRequest): Promise<Account> {
  return withDefaultError(t`Failed to save your profile`, () =>
    api.put('account/profile', { json: body }).json<Account>(),
  );
}

/** Answers a new access token: every older one, this session's included, is revoked. */
export function changePassword(body: ChangePasswordRequest): Promise<ChangePasswordResponse> {
  return withDefaultError(t`Failed to change password`, () =>
    api.put('account/password', { json: body }).json<ChangePasswordResponse>(),
  );
}

/** Revokes every token of the caller, this session's included. */
export async function signOutEverywhere(): Promise<void> {
  await withDefaultError(t`Failed to sign out everywhere`, () =>
    api.post('account/sign-out-everywhere'),
  );
}

export async function deleteAccount(body: DeleteAccountRequest): Promise<void> {
  await withDefaultError(t`Failed to delete account`, () => api.delete('account', { json: body }));
}
