import type { QueryClient } from '@tanstack/react-query';
import { startOffline } from '../../lib/connectivity';
import type { RegisterOfflineWrites } from './offline-writes';
import { userIdOfToken } from './offline-user';
import { readSavedCopyEarly } from './offline-early-read';
import type * as OfflineSession from './offline-session';

/** What offline support needs of the session (auth's AuthSession): whose token, and news of a change. */
export interface SignedInSource {
  readonly token: string | null;
  subscribe(listener: () => void): () => void;
}

/**
 * Starts offline support and keeps it in step with the session: the persisted copy of whoever is
 * signed in is restored (before the first render, so read screens show at once, offline too), and
 * wiped at sign-out or when someone else signs in. The storage code is loaded only when somebody is
 * signed in, so a signed-out visit does not download it.
 */
export async function bootOffline(
  queryClient: QueryClient,
  auth: SignedInSource,
  /** The features' offline writes (app/offline-writes.ts), loaded with the storage code. */
  loadWrites: () => Promise<RegisterOfflineWrites>,
): Promise<void> {
  startOffline();

  let loaded: Promise<typeof OfflineSession> | null = null;
  // Only the first sync (this page load's) can use the read started here. The first screen waits
  // until the copy is in the cache, not for the wiping of other people's copies that follows.
  const signedIn = userIdOfToken(auth.token);
  let markRestored = () => {};
  const restored = new Promise<void>((resolve) => (markRestored = resolve));
  let early =
    signedIn === null
      ? undefined
      : { userId: signedIn, text: readSavedCopyEarly(signedIn), onRestored: markRestored };
  const sync = async () => {
    const userId = userIdOfToken(auth.token);
    if (userId === null && loaded === null) return; // never signed in here: nothing stored by us
    loaded ??= import('./offline-session');
    const session = await loaded;
    const read = early;
    early = undefined;
    await session.syncOfflineSession(queryClient, userId, loadWrites, read);
  };
  auth.subscribe(() => void sync());
  await Promise.race([sync(), restored]);
}

/** Sign-out: wipes the stored copy and the queue (in step with the session's own sync). */
export async function wipeOfflineCopy(queryClient: QueryClient): Promise<void> {
  await (await import('./offline-session')).wipeOfflineData(queryClient);
}
