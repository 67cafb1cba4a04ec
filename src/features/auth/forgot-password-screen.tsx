import { Link } from '@tanstack/react-router';
import { FieldForm, FormActions, SubmitButton } from '../../components/ui/form-parts';
import { PageCard } from '../../components/ui/page-card';
import { FormField } from '../../components/ui/form-field';
import { forgotPassword } from './auth-api';
import { forgotPasswordForm } from './auth-form-schemas';
import { useAccountForm } from './use-account-form';

/** /forgot-password: the email form, then a confirmation (spec section 2). */
export function ForgotPasswordScreen() {
  const { onSubmit, mutation, formError, ...form } = useAccountForm({
    schema: forgotPasswordForm,
    defaultValues: { email: '' },
    send: forgotPassword,
    defaultError: 'Failed to send password reset email',
  });

  if (mutation.isSuccess) {
    return (
      <PageCard title="Check your email">
        <p className="mb-6 leading-relaxed">
          {`If an account exists for ${mutation.variables.email}, we have sent a link to reset its password.`}
        </p>
        <div className="flex flex-wrap gap-3">
          <Link to="/login" className="btn btn-primary no-underline">
            Back to Login
          </Link>
          <button type="button" className="btn btn-secondary" onClick={() => mutation.reset()}>
            Send another email
          </button>
        </div>
      </PageCard>
    );
  }

  return (
    <PageCard title="Forgot Password">
      <p className="mb-4 text-sm text-ink-muted">
        Enter your email address and we will send you a link to reset your password.
      </p>
      <FieldForm onSubmit={onSubmit} error={formError}>
        <FormField form={form} name="email" label="Email" kind="email" />
        <FormActions>
          <SubmitButton busy={mutation.isPending} busyLabel="Sending...">
            Send Reset Link
          </SubmitButton>
          <Link to="/login" className="text-link text-sm">
            Back to Login
          </Link>
        </FormActions>
      </FieldForm>
    </PageCard>
  );
}
