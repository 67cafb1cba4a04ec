import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { PageCard } from '../../components/ui/page-card';
import { useAuthSession } from './auth-context';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import type { LoginResponse } from '../../api/auth-schemas';

const isDemo = import.meta.env.MODE === 'demo';

// The demo's sign-in hints; behind the build-time mode check so other builds leave them out.
const DemoCredentials = isDemo
  ? lazy(() => import('../demo/demo-credentials').then((m) => ({ default: m.DemoCredentials })))
  : () => null;

type View = { kind: 'sign-in' } | { kind: 'sign-up' } | { kind: 'check-email'; email: string };

/** /login: sign-in and sign-up toggled in place, then the check-your-email state (spec 2, 4). */
export function LoginScreen() {
  const { t } = useLingui();
  const [view, setView] = useState<View>({ kind: 'sign-in' });
  const session = useAuthSession();
  const navigate = useNavigate();

  const onSignedIn = (response: LoginResponse) => {
    session.signIn(response);
    void navigate({
      to: response.requiresTosAcceptance ? '/terms-acceptance' : '/my-ruminations',
      replace: true,
    });
  };

  if (view.kind === 'check-email') {
    const email = view.email;
    return (
      <PageCard title={t`Check your email`}>
        <p className="mb-6 leading-relaxed">
          <Trans>
            We sent an activation link to {email}. Open it to activate your account, then sign in.
          </Trans>
        </p>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => setView({ kind: 'sign-in' })}
        >
          <Trans>Back to Sign In</Trans>
        </button>
      </PageCard>
    );
  }

  const signingUp = view.kind === 'sign-up';
  return (
    <PageCard title={signingUp ? t`Sign Up` : t`Sign In`}>
      {signingUp ? (
        <SignUpForm onSignedUp={(email) => setView({ kind: 'check-email', email })} />
      ) : (
        <SignInForm onSignedIn={onSignedIn} />
      )}
      <p className="mt-6 text-sm text-ink-muted">
        {signingUp ? t`Already have an account?` : t`Don't have an account?`}{' '}
        <button
          type="button"
          className="text-link"
          onClick={() => setView({ kind: signingUp ? 'sign-in' : 'sign-up' })}
        >
          {signingUp ? t`Sign in instead` : t`Create an account`}
        </button>
      </p>
      {isDemo && !signingUp && (
        <Suspense fallback={null}>
          <DemoCredentials />
        </Suspense>
      )}
    </PageCard>
  );
}
