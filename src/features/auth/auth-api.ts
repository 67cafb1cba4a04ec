import { t } from '@lingui/core/macro';
import { api, withDefaultError } from '../../lib/http';
import { getToken } from '../../lib/token-storage';
import type {
  CurrentUser,
  ForgotPasswordRequest,
  LoginRequest,
  LoginResponse,
  ResetPasswordRequest,
  SignupRequest,
} from '../../api/auth-schemas';
import type { MessageResponse } from '../../api/common';

/**
 * Calls of /api/auth/* (spec section 7) with the default errors of section 8, in the language
 * spoken when the call is made (a call with no answer shows its default).
 */

export function login(body: LoginRequest): Promise<LoginResponse> {
  return withDefaultError(t`Login failed`, () =>
    api.post('auth/login', { json: body }).json<LoginResponse>(),
  );
}

export function signup(body: SignupRequest): Promise<MessageResponse> {
  return withDefaultError(t`Signup failed`, () =>
    api.post('auth/signup', { json: body }).json<MessageResponse>(),
  );
}

/** The signed-in user, or null when the token is missing or no longer accepted. */
export async function me(): Promise<CurrentUser | null> {
  if (getToken() === null) return null;
  try {
    return await api.get('auth/me').json<CurrentUser>();
  } catch {
    return null;
  }
}

export function forgotPassword(body: ForgotPasswordRequest): Promise<MessageResponse> {
  return withDefaultError(t`Failed to send password reset email`, () =>
    api.post('auth/forgot-password', { json: body }).json<MessageResponse>(),
  );
}

export function resetPassword(body: ResetPasswordRequest): Promise<MessageResponse> {
  return withDefaultError(t`Failed to reset password`, () =>
    api.post('auth/reset-password', { json: body }).json<MessageResponse>(),
  );
}

export function activate(token: string): Promise<MessageResponse> {
  return withDefaultError(t`Failed to activate account`, () =>
    api.get('auth/activate', { searchParams: { token } }).json<MessageResponse>(),
  );
}
