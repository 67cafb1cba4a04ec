import { plural, t } from '@lingui/core/macro';
import { z } from 'zod';
import { PASSWORD_MIN } from '../../api/auth-schemas';

/**
 * Form rules of spec section 5, with its messages word for word. The wire contract in src/api has
 * the server's own messages; these are what the screens say. Each message is a function, read when
 * the field is checked, so that it speaks the language spoken then (not the one at import).
 */

/** "A simple address pattern": something@something.something, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const username = z
  .string()
  .trim()
  .min(1, { error: () => t`Username or email is required` });
const email = z
  .string()
  .trim()
  .min(1, { error: () => t`Email is required` })
  .regex(EMAIL_PATTERN, { error: () => t`Email is invalid` });
const password = z
  .string()
  .min(1, { error: () => t`Password is required` })
  .min(PASSWORD_MIN, {
    error: () => {
      const min = PASSWORD_MIN;
      return t`${plural(min, {
        one: 'Password must be at least # character',
        other: 'Password must be at least # characters',
      })}`;
    },
  });

export const signInForm = z.object({ username, password });
export type SignInFormValues = z.infer<typeof signInForm>;

export const signUpForm = z
  .object({
    username,
    email,
    password,
    confirmPassword: z.string(),
    acceptTerms: z
      .boolean()
      .refine((v) => v, { error: () => t`You must accept the Terms of Service to continue` }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: () => t`Passwords do not match`,
    path: ['confirmPassword'],
  });
export type SignUpFormValues = z.infer<typeof signUpForm>;

export const forgotPasswordForm = z.object({ email });
export type ForgotPasswordFormValues = z.infer<typeof forgotPasswordForm>;

export const resetPasswordForm = z
  .object({
    newPassword: password,
    confirmPassword: z.string().min(1, { error: () => t`Confirm password is required` }),
  })
  .refine((v) => v.confirmPassword === '' || v.newPassword === v.confirmPassword, {
    error: () => t`Passwords do not match`,
    path: ['confirmPassword'],
  });
export type ResetPasswordFormValues = z.infer<typeof resetPasswordForm>;
