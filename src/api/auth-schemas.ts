import { z } from 'zod';
import { userRef } from './common';
import { displayName } from './profile-rules';
import { isStorableText, NOT_STORABLE_MESSAGE } from './text-rules';

/** Wire schemas of /api/auth/* (spec section 7, api-contract.md "Accounts"). */

/** The characters a username may hold (a character class's inside). */
const USERNAME_CHARACTERS = 'A-Za-z0-9_.-';
export const USERNAME_PATTERN = new RegExp(`^[${USERNAME_CHARACTERS}]{3,32}$`);
/** Text made only of characters a username may hold (people search skips anything else). */
export const USERNAME_CHARACTERS_ONLY = new RegExp(`^[${USERNAME_CHARACTERS}]*$`);
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
/** RFC 5321: the part before the @ is at most 64 octets. */
export const EMAIL_LOCAL_MAX = 64;

/** A new password (sign-up, reset, change): the length rule, and not white space alone. */
export const newPassword = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
  .refine((password) => password.trim() !== '', 'Password must not be only white space')
  .refine(isStorableText, NOT_STORABLE_MESSAGE);

/** An email address as accounts take it. */
const emailAddress = z
  .string()
  .trim()
  .max(EMAIL_MAX, 'Email is too long')
  .pipe(z.email('Email is invalid'))
  .refine(
    (email) => email.slice(0, email.lastIndexOf('@')).length <= EMAIL_LOCAL_MAX,
    `The part before the @ must be at most ${EMAIL_LOCAL_MAX} characters`,
  );

export const loginRequest = z.object({
  /** A username or an email address. */
  username: z
    .string()
    .trim()
    .min(1, 'Username or email is required')
    .max(EMAIL_MAX)
    .refine(isStorableText, NOT_STORABLE_MESSAGE),
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX),
});
export type LoginRequest = z.input<typeof loginRequest>;

export const loginResponse = z.object({
  accessToken: z.string(),
  requiresTosAcceptance: z.boolean(),
  latestTosVersion: z.string().nullable(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const signupRequest = z.object({
  username: z
    .string()
    .trim()
    // An empty field says so alone, not also what a username may hold.
    .min(1, { message: 'Username is required', abort: true })
    .regex(
      USERNAME_PATTERN,
      'Username must be 3 to 32 characters of letters, digits, underscores, dots or hyphens',
    ),
  email: emailAddress,
  password: newPassword,
  acceptedTosVersion: z.string().max(32).refine(isStorableText, NOT_STORABLE_MESSAGE).optional(),
  /** What others see them as; the username until they choose one. */
  displayName: displayName.optional(),
});
export type SignupRequest = z.input<typeof signupRequest>;

export const currentUser = userRef;
export type CurrentUser = z.infer<typeof currentUser>;

export const forgotPasswordRequest = z.object({
  email: emailAddress,
});
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequest>;

export const resetPasswordRequest = z
  .object({
    token: z.string().min(1, 'Token is required').max(512),
    newPassword: newPassword,
    confirmPassword: z.string().min(1, 'Confirm password is required'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;

export const activateQuery = z.object({ token: z.string().max(512).optional() });

/**
 * The 400 title of an activation link whose account is already active (a reload of the page, an
 * older email): the link has done its work, so the screen offers sign-in instead of a failure.
 */
export const ALREADY_ACTIVATED_TITLE = 'This account is already activated';
