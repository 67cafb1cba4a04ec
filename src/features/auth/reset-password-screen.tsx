import { Link } from '@tanstack/react-router';
import { FieldForm, SubmitButton } from '../../components/ui/form-parts';
import { PageCard } from '../../components/ui/page-card';
import { FormField } from '../../components/ui/form-field';
import { resetPassword } from './auth-api';
import { resetPasswordForm, type ResetPasswordFormValues } from './auth-form-schemas';
import { useAccountForm } from './use-account-form';

/** /reset-password?token=...: new password form, invalid-link and success states (spec 2). */
export function ResetPasswordScreen({ token }: { token: string | undefined }) {
  if (!token) {
    return (
      <PageCard title="Reset Password">
        <div role="alert" className="error-box mb-6">
          Invalid reset link. No token provided.
        </div>
        <Link to="/forgot-password" className="btn btn-primary no-underline">
          Request a new link
        </Link>
      </PageCard>
    );
  }
  return <ResetPasswordForm token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const { onSubmit, mutation, formError, ...form } = useAccountForm({
    schema: resetPasswordForm,
    defaultValues: { newPassword: '', confirmPassword: '' },
    send: (values: ResetPasswordFormValues) => resetPassword({ token, ...values }),
    defaultError: 'Failed to reset password',
    serverFields: ['newPassword', 'confirmPassword'],
  });

  if (mutation.isSuccess) {
    return (
      <PageCard title="Password reset">
        <p role="status" className="mb-6">
          Your password has been reset. You can now sign in with your new password.
        </p>
        <Link to="/login" className="btn btn-primary no-underline">
          Continue to Login
        </Link>
      </PageCard>
    );
  }

  return (
    <PageCard title="Reset Password">
      <FieldForm onSubmit={onSubmit} error={formError}>
        <FormField form={form} name="newPassword" label="New password" kind="new-password" />
        <FormField
          form={form}
          name="confirmPassword"
          label="Confirm password"
          kind="new-password"
        />
        <SubmitButton busy={mutation.isPending} busyLabel="Resetting...">
          Reset Password
        </SubmitButton>
      </FieldForm>
    </PageCard>
  );
}
