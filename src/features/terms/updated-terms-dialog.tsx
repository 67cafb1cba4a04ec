import { Trans, useLingui } from '@lingui/react/macro';
import { DialogFrame } from '../../components/ui/dialog-frame';
import { useAcceptTerms } from './use-accept-terms';

/**
 * The dialog of the updated-terms modal, loaded by UpdatedTermsModal only when it must open, so
 * that Radix's dialog is not part of every first visit. Failures are only logged (spec section 4).
 */
export default function UpdatedTermsDialog({ version }: { version: string | null }) {
  const { t } = useLingui();
  const accept = useAcceptTerms();

  const onAccept = () => {
    if (!version) return;
    accept.mutate(version, {
      onError: (acceptError) => console.error('Failed to accept Terms of Service', acceptError),
    });
  };

  const termsVersion = version ?? '';
  return (
    // Acceptance is required to continue: without onOpenChange the modal cannot be dismissed.
    <DialogFrame
      kind="notice"
      open
      title={t`Updated Terms of Service`}
      description={
        <p className="mb-4 leading-relaxed">
          <Trans>
            Our Terms of Service have been updated (Version {termsVersion}). Please review and
            accept the new terms to continue using the product.
          </Trans>
        </p>
      }
    >
      <div className="flex flex-wrap items-center justify-end gap-3">
        <a
          href="/terms-of-service"
          target="_blank"
          rel="noopener noreferrer"
          className="btn btn-secondary no-underline"
        >
          <Trans>Review Terms</Trans>
        </a>
        <button
          type="button"
          className="btn btn-primary"
          onClick={onAccept}
          disabled={accept.isPending || !version}
        >
          {accept.isPending ? t`Accepting...` : t`Accept Terms`}
        </button>
      </div>
      <p className="mt-4 text-sm text-ink-muted">
        <Trans>Acceptance of the updated terms is required to continue using the product.</Trans>
      </p>
    </DialogFrame>
  );
}
