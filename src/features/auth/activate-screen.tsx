import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PageCard } from '../../components/ui/page-card';
import { ALREADY_ACTIVATED_TITLE } from '../../api/auth-schemas';
import { isApiError } from '../../lib/api-error';
import { errorMessage } from '../../lib/error-message';
import { sayShared } from '../../lib/i18n/language';
import { authKeys } from '../../lib/query-keys';
import { activate } from './auth-api';

/**
 * /activate?token=...: activates once (spec section 7: no retry). A query, not a mutation, so that
 * React's development double mount does not spend the single-use token twice.
 */
export function ActivateScreen({ token }: { token: string | undefined }) {
  const { t } = useLingui();
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
      <Trans>Go to Login</Trans>
    </Link>
  );

  if (!token) {
    return (
      <PageCard title={t`Account Activation`}>
        <div role="alert" className="error-box mb-6">
          <Trans>Invalid activation link. No token provided.</Trans>
        </div>
        {loginButton}
      </PageCard>
    );
  }

  if (activation.isPending) {
    return (
      <PageCard title={t`Account Activation`}>
        <p role="status">
          <Trans>Activating your account...</Trans>
        </p>
      </PageCard>
    );
  }

  if (isAlreadyActivated(activation.error)) {
    return (
      <PageCard title={t`Account already activated`}>
        <p role="status" className="mb-6">
          <Trans>Your account is already active. You can sign in.</Trans>
        </p>
        {loginButton}
      </PageCard>
    );
  }

  if (activation.isError) {
    return (
      <PageCard title={t`Activation failed`}>
        <div role="alert" className="error-box mb-6">
          {sayShared(errorMessage(activation.error, t`Failed to activate account`))}
        </div>
        {loginButton}
      </PageCard>
    );
  }

  return (
    <PageCard title={t`Account activated`}>
      <p role="status" className="mb-6">
        {activation.data.message
          ? sayShared(activation.data.message)
          : t`Your account has been activated. You can now sign in.`}
      </p>
      {loginButton}
    </PageCard>
  );
}

/**
 * A link that already did its work (a reload after success, an older email): not a failure. The
 * server answers the title in the language spoken (Accept-Language), an older one in English.
 */
function isAlreadyActivated(error: unknown): boolean {
  const title = isApiError(error) ? error.problem?.title : undefined;
  return title === ALREADY_ACTIVATED_TITLE || title === sayShared(ALREADY_ACTIVATED_TITLE);
}
