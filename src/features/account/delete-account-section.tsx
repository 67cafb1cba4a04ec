import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';

// The dialog brings Radix's dialog and the delete call: loaded when someone opens it.
const DeleteAccountDialog = lazy(() => import('./delete-account-dialog'));

/** The danger zone's content: what deleting means, and the button that opens the dialog. */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  const [attempt, setAttempt] = useState(0);
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-sm text-ink-muted">
        <Trans>
          Erases your account and everything in it, for good. You will be asked for your password.
        </Trans>
      </p>
      <button
        type="button"
        className="btn btn-danger"
        onClick={() => {
          setAttempt((n) => n + 1);
          setOpen(true);
        }}
      >
        <Trans>Delete account</Trans>
      </button>
      {attempt > 0 ? (
        <Suspense fallback={null}>
          <DeleteAccountDialog key={attempt} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </div>
  );
}
