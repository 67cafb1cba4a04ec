import { useQuery } from '@tanstack/react-query';
import type { UserProfile } from '../../api/people-schemas';
import { api } from '../../lib/http';
import { peopleKeys } from '../../lib/query-keys';
import { useCurrentUser } from '../auth/use-current-user';

/**
 * The first public note of an account is asked about once: publishing to no audience means the
 * whole internet, and a new person may not know it. Asked when the person has no public note yet
 * (their profile's `publicRuminationCount`, the profile page's own query) and this browser has not
 * asked them before.
 */

const askedKey = (userId: number) => `ruminations:first-public-asked:${userId}`;

function wasAsked(userId: number): boolean {
  try {
    return localStorage.getItem(askedKey(userId)) !== null;
  } catch {
    // Storage refused (private mode): asking again is the safe side.
    return false;
  }
}

/** Records that this browser asked the person (their answer, or a test's way past the question). */
export function markFirstPublicAsked(userId: number): void {
  try {
    localStorage.setItem(askedKey(userId), new Date().toISOString());
  } catch {
    // Not kept: the question comes once more, which is harmless.
  }
}

export interface FirstPublicQuestion {
  /** Whether publishing publicly now should ask first. */
  shouldAsk: () => boolean;
  /** The person answered: never again in this browser. */
  asked: () => void;
}

export function useFirstPublicQuestion(): FirstPublicQuestion {
  const userId = useCurrentUser()?.id ?? null;
  const { data: profile } = useQuery({
    queryKey: peopleKeys.profile(userId ?? 0),
    // The profile as features/people reads it (GET /api/users/{id}); that feature comes later in
    // FEATURE_ORDER, so the call is written here too.
    queryFn: () => api.get(`users/${userId}`).json<UserProfile>(),
    enabled: userId !== null,
  });
  return {
    shouldAsk: () =>
      userId !== null &&
      // Unknown (offline, not loaded yet): asked, to be safe.
      (profile?.publicRuminationCount ?? 0) === 0 &&
      !wasAsked(userId),
    asked: () => {
      if (userId !== null) markFirstPublicAsked(userId);
    },
  };
}
