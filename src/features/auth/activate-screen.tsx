import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PageCard } from '../../components/ui/page-card';
import { ALREADY_ACTIVATED_TITLE } from '../../api/auth-schemas';
import { isApiError } from '../../lib/api-error';
import { errorMessage } from '../../lib/error-message';
import { authKeys } from '../../lib/query-keys';
import { activate } from './auth-api';

/**
 * /activate?token=...: activates once (spec section 7: no retry). A query, not a mutation, so that
 * React's development double mount does not spend the single-use token twice.
 */
export function ActivateScreen({ token }: { token: string | undefined }) {
  const activation = useQuery({
    queryKey: authKeys.activation(token),
    queryFn: () => activate(token ?? ''),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  const loginButton = (
    <Link to="/login" className="btn btn-primary no-underline">
      Go to Login
    </Link>
  );

  if (!token) {
    return (
      <PageCard title="Account Activation">
        <div role="alert" className="error-box mb-6">
          Invalid activation link. No token provided.
        </div>
        {loginButton}
      </PageCard>
    );
  }

  if (activation.isPending) {
    return (
      <PageCard title="Account Activation">
        <p role="status">Activating your account...</p>
      </PageCard>
    );
  }

  if (isAlreadyActivated(activation.error)) {
    return (
      <PageCard title="Account already activated">
        <p role="status" className="mb-6">
          Your account is already active. You can sign in.
        </p>
        {loginButton}
      </PageCard>
    );
  }

  if (activation.isError) {
    return (
      <PageCard title="Activation failed">
        <div role="alert" className="error-box mb-6">
          {errorMessage(activation.error, 'Failed to activate account')}
        </div>
        {loginButton}
      </PageCard>
    );
  }

  return (
    <PageCard title="Account activated">
      <p role="status" className="mb-6">
        {activation.data.message || 'Your account has been activated. You can now sign in.'}
      </p>
      {loginButton}
    </PageCard>
  );
}

/** A link that already did its work (a reload after success, an older email): not a failure. */
function isAlreadyActivated(error: unknown): boolean {
  return isApiError(error) && error.problem?.title === ALREADY_ACTIVATED_TITLE;
}
