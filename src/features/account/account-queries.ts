import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountKeys,
  authKeys,
  commentKeys,
  peopleKeys,
  relationKeys,
  ruminationKeys,
} from '../../lib/query-keys';
import type { CurrentUser } from '../../api/auth-schemas';
import { showToast } from '../../lib/toasts';
import { ACCOUNT_DELETED_MESSAGE } from '../../api/account-schemas';
import { sayShared } from '../../lib/i18n/language';
import { useAuth, useAuthSession } from '../auth/auth-context';
import {
  changePassword,
  deleteAccount,
  fetchAccount,
  signOutEverywhere,
  updateProfile,
} from './account-api';

export const accountQueries = {
  mine: () =>
    queryOptions({
      queryKey: accountKeys.mine,
      queryFn: fetchAccount,
    }),
};

export function useAccount() {
  return useQuery(accountQueries.mine());
}

/**
 * Changes the password. The server revokes every older token, this one included, and answers a
 * new one: it is stored as sign-in stores one, so this session goes on and every other ends.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  const session = useAuthSession();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: async ({ accessToken }) => {
      session.signIn({
        accessToken,
        requiresTosAcceptance: session.requiresTosAcceptance,
        latestTosVersion: session.latestTosVersion,
      });
      await queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
}

/**
 * Saves the display name and bio. The account and the signed-in user (/me) take the answer at
 * once, so the nav says the new name without a round trip; everything that shows people (profiles,
 * search, relations, cards, comments) is fetched again.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (account) => {
      queryClient.setQueryData(accountKeys.mine, account);
      const { id, username, displayName } = account;
      queryClient.setQueryData<CurrentUser>(authKeys.me, { id, username, displayName });
      // Not awaited: "Saved" need not wait for every list to come back.
      for (const queryKey of [
        peopleKeys.all,
        relationKeys.all,
        ruminationKeys.all,
        commentKeys.all,
      ])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** Ends every session of this person, this one too: then signs out here as Sign Out does. */
export function useSignOutEverywhere() {
  const { logout, runSignOutTasks } = useAuth();
  return useMutation({
    // Sign-out's own work first, while this token still works (this device's push subscription
    // leaves the server): once every token is revoked it could not.
    mutationFn: async () => {
      await runSignOutTasks();
      await signOutEverywhere();
    },
    onSuccess: () => logout(),
  });
}

/**
 * Deletes the account. The browser's copy goes as at sign-out; the person lands on /public, where
 * a notice says that everything is gone.
 */
export function useDeleteAccount() {
  const { logout } = useAuth();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      try {
        await logout('/public');
      } finally {
        // Raised on /public, so that it is announced there (not under the closing dialog).
        showToast({ message: sayShared(ACCOUNT_DELETED_MESSAGE) });
      }
    },
  });
}
