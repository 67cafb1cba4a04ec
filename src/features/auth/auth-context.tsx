import {
  createContext,
  use,
  useCallback,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { wipeOfflineCopy } from '../offline/offline-boot';
import type { AuthSession } from './auth-session';

/** Where a sign-out may land: /login, or /public after the account itself was deleted. */
export type SignedOutDestination = '/login' | '/public';

const AuthSessionContext = createContext<AuthSession | null>(null);

export function AuthProvider({ session, children }: { session: AuthSession; children: ReactNode }) {
  return <AuthSessionContext value={session}>{children}</AuthSessionContext>;
}

/** The session object itself, for the sign-in screen (the only place that starts a session). */
export function useAuthSession(): AuthSession {
  const session = use(AuthSessionContext);
  if (!session) throw new Error('useAuth must be used inside <AuthProvider>');
  return session;
}

/** The auth context values of spec section 3. */
export interface AuthContextValue {
  token: string | null;
  isAuthenticated: boolean;
  latestTosVersion: string | null;
  requiresTosAcceptance: boolean;
  /** Records what is known about the terms: `false` once the user has accepted the current ones. */
  updateTosAcceptance: (requiresAcceptance: boolean, latestVersion?: string | null) => void;
  /** Forgets the token and every cached answer, then shows /login (or `to`). */
  logout: (to?: SignedOutDestination) => Promise<void>;
  /** What sign-out does while the token still works, for a call that is about to end it. */
  runSignOutTasks: () => Promise<void>;
}

export function useAuth(): AuthContextValue {
  const session = useAuthSession();
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot);
  const queryClient = useQueryClient();
  const router = useRouter();

  const updateTosAcceptance = useCallback(
    (requiresAcceptance: boolean, latestVersion?: string | null) =>
      session.updateTosAcceptance(requiresAcceptance, latestVersion),
    [session],
  );

  const logout = useCallback(
    async (to: SignedOutDestination = '/login') => {
      await session.runSignOutTasks();
      session.signOut();
      await router.navigate({ to });
      // Cleared after leaving the signed-in screens, so none of them refetches without a token.
      queryClient.clear();
      // Nothing of this person stays in browser storage: the offline copy, the queue and what they
      // were writing go too.
      await wipeOfflineCopy(queryClient);
      // A page with data may have shown answers cached during the session: load them again.
      if (to !== '/login') await router.invalidate();
    },
    [session, router, queryClient],
  );

  return useMemo(
    () => ({
      ...snapshot,
      updateTosAcceptance,
      logout,
      runSignOutTasks: () => session.runSignOutTasks(),
    }),
    [snapshot, updateTosAcceptance, logout, session],
  );
}
