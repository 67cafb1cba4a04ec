import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../lib/error-message';
import { sayShared } from '../../lib/i18n/language';
import { useSignOutEverywhere } from './account-queries';

/** Ends every session of this person, on every device, this one included. */
export function SignOutEverywhere() {
  const { t } = useLingui();
  const signOut = useSignOutEverywhere();
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-sm text-ink-muted">
        <Trans>
          Signs you out on every device and browser, this one included. You can sign in again with
          your password.
        </Trans>
      </p>
      {signOut.isError ? (
        <p role="alert" className="error-box">
          {sayShared(errorMessage(signOut.error, t`Failed to sign out everywhere`))}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-secondary"
        disabled={signOut.isPending}
        onClick={() => signOut.mutate()}
      >
        {signOut.isPending ? t`Signing out...` : t`Sign out everywhere`}
      </button>
    </div>
  );
}
