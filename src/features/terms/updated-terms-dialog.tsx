import * as Dialog from '@radix-ui/react-dialog';
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
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          className="card fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2"
          // Acceptance is required to continue: the modal cannot be dismissed.
          onEscapeKeyDown={(event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
        >
          <Dialog.Title className="mb-3 text-xl font-semibold">
            Updated Terms of Service
          </Dialog.Title>
          <Dialog.Description className="mb-4 leading-relaxed">
            Our Terms of Service have been updated (Version {version ?? ''}). Please review and
            accept the new terms to continue using the product.
          </Dialog.Description>
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
