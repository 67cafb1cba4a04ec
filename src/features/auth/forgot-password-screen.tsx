import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { FieldForm, FormActions, SubmitButton } from '../../components/ui/form-parts';
import { PageCard } from '../../components/ui/page-card';
import { FormField } from '../../components/ui/form-field';
import { forgotPassword } from './auth-api';
import { useAccountForm } from './use-account-form';

/** /forgot-password: the email form, then a confirmation (spec section 2). */
export function ForgotPasswordScreen() {
  const { t } = useLingui();
  const { onSubmit, mutation, formError, ...form } = useAccountForm({
    schema: async () => (await import('./auth-form-schemas')).forgotPasswordForm,
    defaultValues: { email: '' },
    send: forgotPassword,
    defaultError: t`Failed to send password reset email`,
  });

  if (mutation.isSuccess) {
    const email = mutation.variables.email;
    return (
      <PageCard title={t`Check your email`}>
        <p className="mb-6 leading-relaxed">
          <Trans>
            If an account exists for {email}, we have sent a link to reset its password.
          </Trans>
        </p>
        <div className="flex flex-wrap gap-3">
          <Link to="/login" className="btn btn-primary no-underline">
            <Trans>Back to Login</Trans>
          </Link>
          <button type="button" className="btn btn-secondary" onClick={() => mutation.reset()}>
            <Trans>Send another email</Trans>
          </button>
        </div>
      </PageCard>
    );
  }

  return (
    <PageCard title={t`Forgot Password`}>
      <p className="mb-4 text-sm text-ink-muted">
        <Trans>Enter your email address and we will send you a link to reset your password.</Trans>
      </p>
      <FieldForm onSubmit={onSubmit} error={formError}>
        <FormField form={form} name="email" label={t`Email`} kind="email" />
        <FormActions>
          <SubmitButton busy={mutation.isPending} busyLabel={t`Sending...`}>
            <Trans>Send Reset Link</Trans>
          </SubmitButton>
          <Link to="/login" className="text-link text-sm">
            <Trans>Back to Login</Trans>
          </Link>
        </FormActions>
      </FieldForm>
    </PageCard>
  );
}
