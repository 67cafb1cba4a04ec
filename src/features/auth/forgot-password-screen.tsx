import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { FormError } from '../../components/ui/form-error';
import { PageCard } from '../../components/ui/page-card';
import { TextField } from '../../components/ui/text-field';
import { errorMessage } from '../../lib/error-message';
import { forgotPassword } from './auth-api';
import { forgotPasswordForm, type ForgotPasswordFormValues } from './auth-form-schemas';

const DEFAULT_ERROR = 'Failed to send password reset email';

/** /forgot-password: the email form, then a confirmation (spec section 2). */
export function ForgotPasswordScreen() {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordFormValues>({
    resolver: zodResolver(forgotPasswordForm),
    defaultValues: { email: '' },
  });
  const mutation = useMutation({ mutationFn: forgotPassword });

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
      <form
        noValidate
        className="space-y-4"
        onSubmit={handleSubmit((values) => mutation.mutate(values))}
      >
        <FormError message={mutation.error ? errorMessage(mutation.error, DEFAULT_ERROR) : null} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <div className="flex items-center justify-between gap-4">
          <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
            {mutation.isPending ? 'Sending...' : 'Send Reset Link'}
          </button>
          <Link to="/login" className="text-link text-sm">
            Back to Login
          </Link>
        </div>
      </form>
    </PageCard>
  );
}
