import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { LoginResponse } from '../../api/auth-schemas';
import { FieldForm, FormActions, SubmitButton } from '../../components/ui/form-parts';
import { FormField } from '../../components/ui/form-field';
import { login } from './auth-api';
import { useAccountForm } from './use-account-form';

/** The sign-in half of /login. `onSignedIn` starts the session and moves on. */
export function SignInForm({ onSignedIn }: { onSignedIn: (response: LoginResponse) => void }) {
  const { t } = useLingui();
  const { onSubmit, mutation, formError, ...form } = useAccountForm({
    schema: async () => (await import('./auth-form-schemas')).signInForm,
    defaultValues: { username: '', password: '' },
    send: login,
    defaultError: t`Login failed`,
    onSuccess: onSignedIn,
  });

  return (
    <FieldForm onSubmit={onSubmit} error={formError}>
      <FormField form={form} name="username" label={t`Username or email`} kind="username" />
      <FormField form={form} name="password" label={t`Password`} kind="current-password" />
      <FormActions>
        <SubmitButton busy={mutation.isPending} busyLabel={t`Signing in...`}>
          <Trans>Sign In</Trans>
        </SubmitButton>
        <Link to="/forgot-password" className="text-link text-sm">
          <Trans>Forgot password?</Trans>
        </Link>
      </FormActions>
    </FieldForm>
  );
}
