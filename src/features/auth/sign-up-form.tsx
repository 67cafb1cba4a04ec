import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { SIGNUP_TOS_VERSION } from '../../api/terms-schemas';
import { FormError } from '../../components/ui/form-error';
import { TextField } from '../../components/ui/text-field';
import { errorMessage } from '../../lib/error-message';
import { signup } from './auth-api';
import { signUpForm, type SignUpFormValues } from './auth-form-schemas';
import { applyServerFieldErrors, isShownOnFields } from './server-field-errors';

const SERVER_FIELDS = ['username', 'email', 'password'] as const;

/** The sign-up half of /login; sends terms version "1.0" (spec sections 5 and 9). */
export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const termsId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignUpFormValues>({
    resolver: zodResolver(signUpForm),
    defaultValues: {
      username: '',
      email: '',
      password: '',
      confirmPassword: '',
      acceptTerms: false,
    },
  });
  const mutation = useMutation({
    mutationFn: (values: SignUpFormValues) =>
      signup({
        username: values.username,
        email: values.email,
        password: values.password,
        acceptedTosVersion: SIGNUP_TOS_VERSION,
      }),
    onSuccess: (_result, values) => onSignedUp(values.email),
    onError: (error) => applyServerFieldErrors(error, SERVER_FIELDS, setError),
  });

  const termsError = errors.acceptTerms?.message;

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit((values) => mutation.mutate(values))}
    >
      <FormError
        message={
          mutation.error && !isShownOnFields(mutation.error, SERVER_FIELDS)
            ? errorMessage(mutation.error, 'Signup failed')
            : null
        }
      />
      <TextField
        label="Username"
        autoComplete="username"
        error={errors.username?.message}
        {...register('username')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <div>
        <div className="flex items-start gap-2">
          <input
            id={termsId}
            type="checkbox"
            className="mt-1 h-4 w-4 accent-accent"
            aria-invalid={termsError ? true : undefined}
            aria-describedby={termsError ? `${termsId}-error` : undefined}
            {...register('acceptTerms')}
          />
          <label htmlFor={termsId} className="text-sm">
            I accept the{' '}
            <a
              href="/terms-of-service"
              target="_blank"
              rel="noopener noreferrer"
              className="text-link"
            >
              Terms of Service
            </a>
          </label>
        </div>
        {termsError && (
          <p id={`${termsId}-error`} className="field-error">
            {termsError}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
        {mutation.isPending ? 'Signing up...' : 'Sign Up'}
      </button>
    </form>
  );
}
