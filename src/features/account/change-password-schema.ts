import { z } from 'zod';
import { NEW_PASSWORD_SAME } from '../../api/account-schemas';
import { PASSWORD_MIN } from '../../api/auth-schemas';

/**
 * The change-password form's rules, with the messages of the other password forms (reset, sign
 * up); the server adds its own (a wrong current password, a too common new one) on the fields.
 */
export const changePasswordForm = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: z
      .string()
      .min(1, 'Password is required')
      .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
    confirmPassword: z.string().min(1, 'Confirm password is required'),
  })
  .refine((v) => v.confirmPassword === '' || v.newPassword === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  })
  .refine((v) => v.newPassword === '' || v.newPassword !== v.currentPassword, {
    message: NEW_PASSWORD_SAME,
    path: ['newPassword'],
  });
export type ChangePasswordFormValues = z.infer<typeof changePasswordForm>;

export const CHANGE_PASSWORD_FIELDS = [
  'currentPassword',
  'newPassword',
  'confirmPassword',
] as const;
