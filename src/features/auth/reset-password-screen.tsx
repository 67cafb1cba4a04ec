import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { FieldForm, SubmitButton } from '../../components/ui/form-parts';
import { PageCard } from '../../components/ui/page-card';
import { FormField } from '../../components/ui/form-field';
import { resetPassword } from './auth-api';
import type { ResetPasswordFormValues } from './auth-form-schemas';
import { useAccountForm } from './use-account-form';

/** /reset-password?token=...: new password form, invalid-link and success states (spec 2). */
export function ResetPasswordScreen({ token }: { token: string | undefined }) {
  const { t } = useLingui();
  if (!token) {
    return (
      <PageCard title={t`Reset Password`}>
        <div role="alert" className="error-box mb-6">
          <Trans>Invalid reset link. No token provided.</Trans>
        </div>
        <Link to="/forgot-password" className="btn btn-primary no-underline">
          <Trans>Request a new link</Trans>
        </Link>
      </PageCard>
    );
  }
  return <ResetPasswordForm token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useLingui();
  const { onSubmit, mutation, formError, ...form } = useAccountForm({
    schema: async () => (await import('./auth-form-schemas')).resetPasswordForm,
    defaultValues: { newPassword: '', confirmPassword: '' },
    send: (values: ResetPasswordFormValues) => resetPassword({ token, ...values }),
    defaultError: t`Failed to reset password`,
    serverFields: ['newPassword', 'confirmPassword'],
  });

  if (mutation.isSuccess) {
    return (
      <PageCard title={t`Password reset`}>
        <p role="status" className="mb-6">
          <Trans>Your password has been reset. You can now sign in with your new password.</Trans>
        </p>
        <Link to="/login" className="btn btn-primary no-underline">
          <Trans>Continue to Login</Trans>
        </Link>
      </PageCard>
    );
  }

  return (
    <PageCard title={t`Reset Password`}>
      <FieldForm onSubmit={onSubmit} error={formError}>
        <FormField form={form} name="newPassword" label={t`New password`} kind="new-password" />
        <FormField
          form={form}
          name="confirmPassword"
          label={t`Confirm password`}
          kind="new-password"
        />
        <SubmitButton busy={mutation.isPending} busyLabel={t`Resetting...`}>
          <Trans>Reset Password</Trans>
        </SubmitButton>
      </FieldForm>
    </PageCard>
  );
}
