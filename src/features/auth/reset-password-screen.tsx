import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { FormError } from '../../components/ui/form-error';
import { PageCard } from '../../components/ui/page-card';
import { TextField } from '../../components/ui/text-field';
import { errorMessage } from '../../lib/error-message';
import { resetPassword } from './auth-api';
import { resetPasswordForm, type ResetPasswordFormValues } from './auth-form-schemas';
import { applyServerFieldErrors, isShownOnFields } from './server-field-errors';

const DEFAULT_ERROR = 'Failed to reset password';
const SERVER_FIELDS = ['newPassword', 'confirmPassword'] as const;

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
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetPasswordFormValues>({
    resolver: zodResolver(resetPasswordForm),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const mutation = useMutation({
    mutationFn: (values: ResetPasswordFormValues) => resetPassword({ token, ...values }),
    onError: (error) => applyServerFieldErrors(error, SERVER_FIELDS, setError),
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
      <form
        noValidate
        className="space-y-4"
        onSubmit={handleSubmit((values) => mutation.mutate(values))}
      >
        <FormError
          message={
            mutation.error && !isShownOnFields(mutation.error, SERVER_FIELDS)
              ? errorMessage(mutation.error, DEFAULT_ERROR)
              : null
          }
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
          {mutation.isPending ? 'Resetting...' : 'Reset Password'}
        </button>
      </form>
    </PageCard>
  );
}
