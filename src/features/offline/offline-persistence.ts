import {
  defaultShouldDehydrateQuery,
  type DehydratedState,
  type Mutation,
  type Query,
} from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { termsKeys } from '../../lib/query-keys';
import { CACHE_BUSTER } from './cache-buster';
import { OFFLINE_MAX_AGE_MS } from './last-screen-format';
import { OFFLINE_WRITE_PREFIX } from './offline-write-key';

/**
 * The rules of what is kept in the browser for offline use, apart from the storage itself so that
 * they can be tested alone:
 * - one stored copy per person (the key holds the user id), wiped at sign-out and when someone else
 *   signs in;
 * - reads (successful queries) for at most a week, and only from the build that wrote them;
 * - writes (offline writes not yet sent, or failed) until they are sent or discarded, whatever the
 *   build or age: what a person wrote is never dropped by an update of the app.
 */

export { OFFLINE_MAX_AGE_MS };

export { CACHE_BUSTER };

const STORAGE_KEY_PREFIX = 'ruminations-cache:';

export function storageKeyFor(userId: number): string {
  return `${STORAGE_KEY_PREFIX}${userId}`;
}

export function isCacheKey(key: unknown): key is string {
  return typeof key === 'string' && key.startsWith(STORAGE_KEY_PREFIX);
}

export { userIdOfToken } from './offline-user';

export function isOfflineWrite(mutation: Pick<Mutation, 'options'>): boolean {
  const key = mutation.options.mutationKey;
  return Array.isArray(key) && key[0] === OFFLINE_WRITE_PREFIX[0];
}

/** A write that still matters: waiting, being sent, or failed (kept so nothing is lost). */
export function shouldPersistMutation(mutation: Mutation): boolean {
  if (!isOfflineWrite(mutation)) return false;
  return mutation.state.status === 'pending' || mutation.state.status === 'error';
}

/**
 * The stored copy as text. Plain JSON.stringify writes an Error as `{}` (its message is not an own
 * enumerable property), so a failed write restored after a reload lost the server's reason and the
 * list said only "Not sent". Errors are written as plain objects with their name and message, plus
 * their own fields (an ApiError's status and problem details).
 */
export function serializePersistedClient(client: PersistedClient): string {
  return JSON.stringify(firstPagesOnly(client), (_key, value: unknown) =>
    value instanceof Error ? { ...value, name: value.name, message: value.message } : value,
  );
}

/**
 * A list is kept with its first page only: a returning visitor opens it at the top (and "Load
 * more" fetches the next as ever), while writing out every page a reader had loaded (200 cards,
 * ten pages) took one task of a quarter second on a phone after every change, and a key typed
 * meanwhile waited for it (scripts/client/interaction.ts).
 */
function firstPagesOnly(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((query) => {
    const data = query.state.data as { pages?: unknown[]; pageParams?: unknown[] } | undefined;
    if (!Array.isArray(data?.pages) || data.pages.length <= 1) return query;
    const first = {
      ...data,
      pages: data.pages.slice(0, 1),
      pageParams: data.pageParams?.slice(0, 1),
    };
    return { ...query, state: { ...query.state, data: first } };
  });
  return { ...client, clientState: { ...client.clientState, queries } };
}

/** Successful reads; the terms text is left out (large, and public anyway). */
export function shouldPersistQuery(query: Query): boolean {
  return defaultShouldDehydrateQuery(query) && query.queryKey[0] !== termsKeys.all[0];
}

/**
 * What to hydrate from a stored copy: everything when it is fresh and from this build; only the
 * writes otherwise. A write that was in flight when the page closed is marked paused, so that it
 * is resumed (its idempotency key makes the resend safe).
 */
export function restorableState(
  persisted: PersistedClient | undefined,
  now: number,
  buster: string = CACHE_BUSTER,
): DehydratedState | undefined {
  if (!persisted?.clientState) return undefined;
  const { clientState } = persisted;
  const fresh = persisted.buster === buster && now - persisted.timestamp <= OFFLINE_MAX_AGE_MS;
  const mutations = clientState.mutations.map((m) =>
    m.state.status === 'pending' ? { ...m, state: { ...m.state, isPaused: true } } : m,
  );
  return { queries: fresh ? clientState.queries : [], mutations };
}
