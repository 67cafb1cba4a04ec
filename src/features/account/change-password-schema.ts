import { t } from '@lingui/core/macro';
import { z } from 'zod';
import { NEW_PASSWORD_SAME } from '../../api/account-schemas';
import { PASSWORD_MIN } from '../../api/auth-schemas';
import { sayShared, spokenLanguage } from '../../lib/i18n/language';

/**
 * The change-password form's rules, with the messages of the other password forms (reset, sign
 * up); the server adds its own (a wrong current password, a too common new one) on the fields.
 * Each message is written when a value is checked (zod's `error` function), so in the language
 * spoken then.
 */
export const changePasswordForm = z
  .object({
    currentPassword: z.string().min(1, { error: () => t`Current password is required` }),
    newPassword: z
      .string()
      .min(1, { error: () => t`Password is required` })
      .min(PASSWORD_MIN, {
        error: () => {
          const min = PASSWORD_MIN.toLocaleString(spokenLanguage());
          return t`Password must be at least ${min} characters`;
        },
      }),
    confirmPassword: z.string().min(1, { error: () => t`Confirm password is required` }),
  })
  .refine((v) => v.confirmPassword === '' || v.newPassword === v.confirmPassword, {
    error: () => t`Passwords do not match`,
    path: ['confirmPassword'],
  })
  .refine((v) => v.newPassword === '' || v.newPassword !== v.currentPassword, {
    error: () => sayShared(NEW_PASSWORD_SAME),
    path: ['newPassword'],
  });
export type ChangePasswordFormValues = z.infer<typeof changePasswordForm>;

export const CHANGE_PASSWORD_FIELDS = [
  'currentPassword',
  'newPassword',
  'confirmPassword',
] as const;
