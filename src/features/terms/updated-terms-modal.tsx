import * as Dialog from '@radix-ui/react-dialog';
import { useLocation } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useAuth } from '../auth/auth-context';
import { useTosStatus } from './terms-queries';
import { useAcceptTerms } from './use-accept-terms';

/** Screens that show the terms themselves; covering them with the modal would hide the text. */
const TERMS_SCREENS = new Set(['/terms-acceptance', '/terms-of-service']);

/**
 * The updated-terms modal (spec sections 2 and 4): over any page, for a signed-in user whose
 * status (checked once per sign-in) says acceptance is required. Failures are only logged.
 */
export function UpdatedTermsModal() {
  const { isAuthenticated, latestTosVersion, requiresTosAcceptance, updateTosAcceptance } =
    useAuth();
  const { data: status, error } = useTosStatus();
  const accept = useAcceptTerms();
  const pathname = useLocation({ select: (location) => location.pathname });

  useEffect(() => {
    if (error) console.error('Failed to check Terms of Service acceptance status', error);
  }, [error]);

  // The status may know of a newer version than the login response did: keep the auth state in
  // step, so that, e.g., New Rumination is disabled while acceptance is pending.
  useEffect(() => {
    if (status?.requiresAcceptance && !requiresTosAcceptance) {
      updateTosAcceptance(true, status.currentVersion ?? latestTosVersion);
    }
  }, [status, requiresTosAcceptance, latestTosVersion, updateTosAcceptance]);

  const version = latestTosVersion ?? status?.currentVersion ?? null;
  const open =
    isAuthenticated && status?.requiresAcceptance === true && !TERMS_SCREENS.has(pathname);

  const onAccept = () => {
    if (!version) return;
    accept.mutate(version, {
      onError: (acceptError) => console.error('Failed to accept Terms of Service', acceptError),
    });
  };

  return (
    <Dialog.Root open={open}>
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
