import type { QueryClient } from '@tanstack/react-query';
import type { UserRelation } from '../../api/relation-schemas';
import { authQueries } from '../auth/auth-queries';
import { isLiveRelation } from '../relations/available-relation-types';
import { relationQueries } from '../relations/relation-queries';

/** A profile's tabs: its public ruminations, or all those the viewer may read (`?view=`). */
export type ProfileView = 'public' | 'all';

/**
 * The tab a profile opens on when its address names none: what the viewer may read. Their own
 * profile and that of someone they have a relation with (accepted) open on All Visible, which
 * holds more than the public notes; a stranger or a visitor sees only public ones either way.
 */
export function defaultProfileView(
  viewerId: number | null,
  userId: number,
  relations: readonly UserRelation[],
): ProfileView {
  if (viewerId === null) return 'public';
  if (viewerId === userId) return 'all';
  return relations.some((r) => r.isAccepted && isLiveRelation(r)) ? 'all' : 'public';
}

/**
 * The tab a profile shows, for its route's loader: the one the address names, else the default
 * (the viewer and their relations with the person, fetched into the cache the relation manager
 * reads). A visitor sees public notes only (api-contract.md), whatever the address says. When
 * the facts can't be had (offline, an error), Public, which every viewer may read.
 */
export async function loadProfileView(
  queryClient: QueryClient,
  signedIn: boolean,
  userId: number,
  asked: ProfileView | undefined,
): Promise<ProfileView> {
  if (!signedIn) return 'public';
  if (asked !== undefined) return asked;
  try {
    // Usually cached already: the nav bar shows who is signed in.
    const viewer = await queryClient.ensureQueryData(authQueries.me());
    if (viewer === null || viewer.id === userId)
      return defaultProfileView(viewer?.id ?? null, userId, []);
    const relations = await queryClient.ensureQueryData(relationQueries.list({ UserId: userId }));
    return defaultProfileView(viewer.id, userId, relations);
  } catch {
    return 'public';
  }
}
