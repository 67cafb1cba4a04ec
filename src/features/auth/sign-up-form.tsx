import { Trans, useLingui } from '@lingui/react/macro';
import { CheckboxField } from '../../components/ui/checkbox-field';
import { FieldForm, SubmitButton } from '../../components/ui/form-parts';
import { FormField } from '../../components/ui/form-field';
import { signup } from './auth-api';
import type { SignUpFormValues } from './auth-form-schemas';
import { useAccountForm } from './use-account-form';

/** The sign-up half of /login; sends terms version "1.0" (spec sections 5 and 9). */
export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const { t } = useLingui();
  const { onSubmit, mutation, formError, ...form } = useAccountForm({
    // The terms' version below comes with its schemas at the first submit (use-account-form.ts).
    schema: async () => (await import('./auth-form-schemas')).signUpForm,
    defaultValues: {
      username: '',
      email: '',
      password: '',
      confirmPassword: '',
      acceptTerms: false,
    },
    send: async (values: SignUpFormValues) =>
      signup({
        username: values.username,
        email: values.email,
        password: values.password,
        acceptedTosVersion: (await import('../../api/terms-schemas')).SIGNUP_TOS_VERSION,
      }),
    defaultError: t`Signup failed`,
    serverFields: ['username', 'email', 'password'],
    onSuccess: (_result, values) => onSignedUp(values.email),
  });

  return (
    <FieldForm onSubmit={onSubmit} error={formError}>
      <FormField form={form} name="username" label={t`Username`} kind="username" />
      <FormField form={form} name="email" label={t`Email`} kind="email" />
      <FormField form={form} name="password" label={t`Password`} kind="new-password" />
      <FormField
        form={form}
        name="confirmPassword"
        label={t`Confirm password`}
        kind="new-password"
      />
      <CheckboxField
        label={
          <Trans>
            I accept the{' '}
            <a
              href="/terms-of-service"
              target="_blank"
              rel="noopener noreferrer"
              className="text-link"
            >
              Terms of Service
            </a>
          </Trans>
        }
        error={form.errors.acceptTerms?.message}
        {...form.register('acceptTerms')}
      />
      <SubmitButton busy={mutation.isPending} busyLabel={t`Signing up...`}>
        <Trans>Sign Up</Trans>
      </SubmitButton>
    </FieldForm>
  );
}
