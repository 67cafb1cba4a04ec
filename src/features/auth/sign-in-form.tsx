import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { FormError } from '../../components/ui/form-error';
import { TextField } from '../../components/ui/text-field';
import { errorMessage } from '../../lib/error-message';
import { login } from './auth-api';
import { signInForm, type SignInFormValues } from './auth-form-schemas';
import type { LoginResponse } from '../../api/auth-schemas';

/** The sign-in half of /login. `onSignedIn` starts the session and moves on. */
export function SignInForm({ onSignedIn }: { onSignedIn: (response: LoginResponse) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignInFormValues>({
    resolver: zodResolver(signInForm),
    defaultValues: { username: '', password: '' },
  });
  const mutation = useMutation({ mutationFn: login, onSuccess: onSignedIn });

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={handleSubmit((values) => mutation.mutate(values))}
    >
      <FormError message={mutation.error ? errorMessage(mutation.error, 'Login failed') : null} />
      <TextField
        label="Username or email"
        autoComplete="username"
        error={errors.username?.message}
        {...register('username')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="flex items-center justify-between gap-4">
        <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
          {mutation.isPending ? 'Signing in...' : 'Sign In'}
        </button>
        <Link to="/forgot-password" className="text-link text-sm">
          Forgot password?
        </Link>
      </div>
    </form>
  );
}
