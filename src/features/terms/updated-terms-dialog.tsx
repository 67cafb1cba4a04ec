import { DialogFrame } from '../../components/ui/dialog-frame';
import { useAcceptTerms } from './use-accept-terms';

/**
 * The dialog of the updated-terms modal, loaded by UpdatedTermsModal only when it must open, so
 * that Radix's dialog is not part of every first visit. Failures are only logged (spec section 4).
 */
export default function UpdatedTermsDialog({ version }: { version: string | null }) {
  const accept = useAcceptTerms();

  const onAccept = () => {
    if (!version) return;
    accept.mutate(version, {
      onError: (acceptError) => console.error('Failed to accept Terms of Service', acceptError),
    });
  };

  return (
    // Acceptance is required to continue: without onOpenChange the modal cannot be dismissed.
    <DialogFrame
      kind="notice"
      open
      title="Updated Terms of Service"
      description={
        <p className="mb-4 leading-relaxed">
          Our Terms of Service have been updated (Version {version ?? ''}). Please review and accept
          the new terms to continue using the product.
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
          Review Terms
        </a>
        <button
          type="button"
          className="btn btn-primary"
          onClick={onAccept}
          disabled={accept.isPending || !version}
        >
          {accept.isPending ? 'Accepting...' : 'Accept Terms'}
        </button>
      </div>
      <p className="mt-4 text-sm text-ink-muted">
        Acceptance of the updated terms is required to continue using the product.
      </p>
    </DialogFrame>
  );
}
