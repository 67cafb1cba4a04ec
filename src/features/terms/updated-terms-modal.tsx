import { useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { useAuth } from '../auth/auth-context';
import { useTosStatus } from './terms-queries';

// The dialog (Radix, focus trap and all) is fetched only when a signed-in user must accept new
// terms; the check itself stays here, small, on every screen.
const UpdatedTermsDialog = lazy(() => import('./updated-terms-dialog'));

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

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <UpdatedTermsDialog version={version} />
    </Suspense>
  );
}
