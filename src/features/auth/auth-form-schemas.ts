import { z } from 'zod';
import { PASSWORD_MIN } from '../../api/auth-schemas';

/**
 * Form rules of spec section 5, with its messages word for word. The wire contract in src/api has
 * the server's own messages; these are what the screens say.
 */

/** "A simple address pattern": something@something.something, no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const username = z.string().trim().min(1, 'Username or email is required');
const email = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .regex(EMAIL_PATTERN, 'Email is invalid');
const password = z
  .string()
  .min(1, 'Password is required')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`);

export const signInForm = z.object({ username, password });
export type SignInFormValues = z.infer<typeof signInForm>;

export const signUpForm = z
  .object({
    username,
    email,
    password,
    confirmPassword: z.string(),
    acceptTerms: z.boolean().refine((v) => v, 'You must accept the Terms of Service to continue'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type SignUpFormValues = z.infer<typeof signUpForm>;

export const forgotPasswordForm = z.object({ email });
export type ForgotPasswordFormValues = z.infer<typeof forgotPasswordForm>;

export const resetPasswordForm = z
  .object({
    newPassword: password,
    confirmPassword: z.string().min(1, 'Confirm password is required'),
  })
  .refine((v) => v.confirmPassword === '' || v.newPassword === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type ResetPasswordFormValues = z.infer<typeof resetPasswordForm>;
