import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PageCard } from '../../components/ui/page-card';
import { ApiError } from '../../lib/http';
import { errorMessage } from '../../lib/error-message';
import { unsubscribeFromDigests } from './push-api';

/**
 * /unsubscribe?token=…, the link of every digest: works signed out, and stops digests only on a
 * click (mail scanners open links; RFC 8058's one-click POST comes from the mail app itself).
 */
export function UnsubscribePage({ token }: { token: string | undefined }) {
  const { t } = useLingui();
  const stop = useMutation({ mutationFn: unsubscribeFromDigests });

  if (!token || (stop.error instanceof ApiError && stop.error.status === 400)) {
    return (
      <PageCard title={t`Email digests`}>
        <p role="alert" className="error-box mb-6">
          <Trans>This link is not valid. You can turn digests off in Settings.</Trans>
        </p>
        <SettingsLink />
      </PageCard>
    );
  }
  if (stop.isSuccess) {
    return (
      <PageCard title={t`Email digests`}>
        <p role="status" className="mb-6">
          <Trans>
            You will no longer get email digests. You can turn them on again in Settings.
          </Trans>
        </p>
        <SettingsLink />
      </PageCard>
    );
  }
  return (
    <PageCard title={t`Email digests`}>
      <p className="mb-4">
        <Trans>
          Digests list what you have not read yet, by email. Stop them here without signing in.
        </Trans>
      </p>
      {stop.isError ? (
        <p role="alert" className="error-box mb-4">
          {errorMessage(stop.error, t`Failed to stop email digests`)}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-primary"
        disabled={stop.isPending}
        onClick={() => stop.mutate(token)}
      >
        {stop.isPending ? t`Stopping...` : t`Stop email digests`}
      </button>
    </PageCard>
  );
}

function SettingsLink() {
  return (
    <Link to="/settings" hash="settings-notifications" className="btn btn-secondary no-underline">
      <Trans>Open Settings</Trans>
    </Link>
  );
}
