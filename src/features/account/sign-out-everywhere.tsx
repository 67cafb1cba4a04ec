import { errorMessage } from '../../lib/error-message';
import { useSignOutEverywhere } from './account-queries';

/** Ends every session of this person, on every device, this one included. */
export function SignOutEverywhere() {
  const signOut = useSignOutEverywhere();
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-sm text-ink-muted">
        Signs you out on every device and browser, this one included. You can sign in again with
        your password.
      </p>
      {signOut.isError ? (
        <p role="alert" className="error-box">
          {errorMessage(signOut.error, 'Failed to sign out everywhere')}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-secondary"
        disabled={signOut.isPending}
        onClick={() => signOut.mutate()}
      >
        {signOut.isPending ? 'Signing out...' : 'Sign out everywhere'}
      </button>
    </div>
  );
}
