import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import { FieldForm, SubmitButton } from '../../components/ui/form-parts';
import { FormField } from '../../components/ui/form-field';
import { errorMessage } from '../../lib/error-message';
import { sayShared } from '../../lib/i18n/language';
import { applyServerFieldErrors, isShownOnFields } from '../auth/server-field-errors';
import { useChangePassword } from './account-queries';
import {
  CHANGE_PASSWORD_FIELDS,
  changePasswordForm,
  type ChangePasswordFormValues,
} from './change-password-schema';

const EMPTY: ChangePasswordFormValues = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

/** Current, new and confirmed password; this session stays signed in, every other one ends. */
export function ChangePasswordForm({ username }: { username: string | undefined }) {
  const { t } = useLingui();
  const { register, handleSubmit, setError, reset, formState } = useForm<ChangePasswordFormValues>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: EMPTY,
  });
  const mutation = useChangePassword();
  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, {
      onSuccess: () => reset(EMPTY),
      onError: (error) => applyServerFieldErrors(error, CHANGE_PASSWORD_FIELDS, setError),
    }),
  );
  const formError =
    mutation.error && !isShownOnFields(mutation.error, CHANGE_PASSWORD_FIELDS)
      ? sayShared(errorMessage(mutation.error, t`Failed to change password`))
      : null;
  const form = { register, errors: formState.errors };

  return (
    <FieldForm onSubmit={onSubmit} error={formError}>
      {/* For password managers: whose password this is. */}
      <input
        type="text"
        name="username"
        autoComplete="username"
        value={username ?? ''}
        readOnly
        hidden
      />
      <FormField
        form={form}
        name="currentPassword"
        label={t`Current password`}
        kind="current-password"
      />
      <FormField form={form} name="newPassword" label={t`New password`} kind="new-password" />
      <FormField
        form={form}
        name="confirmPassword"
        label={t`Confirm password`}
        kind="new-password"
      />
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton busy={mutation.isPending} busyLabel={t`Changing password...`}>
          <Trans>Change password</Trans>
        </SubmitButton>
        <p role="status" className="text-sm">
          {mutation.isSuccess ? t`Password changed. Other sessions are signed out.` : ''}
        </p>
      </div>
    </FieldForm>
  );
}
