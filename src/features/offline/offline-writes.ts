import type { Mutation, MutationOptions, QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { ApiError } from '../../lib/api-error';
import { OFFLINE_WRITE_PREFIX } from './offline-write-key';

/**
 * The machinery of writes that survive being offline. The queue knows no feature: each feature
 * defines its own writes (ruminations/rumination-writes.ts, comments/comment-writes.ts) with
 * `OfflineWrite`, and the app shell registers them at sign-in (app/offline-writes.ts).
 *
 * Each write is a mutation with a key and a default mutation function registered on the
 * QueryClient, so that a write paused offline, persisted, and restored after a reload can still run:
 * only its key and variables are stored, never a function. Every write carries an idempotency key
 * made when the person pressed Save, so sending it again (after a lost answer, or a reload
 * mid-request) never writes twice.
 */

/** What every offline write carries; a feature's write adds what it needs (an id, a rumination). */
export interface OfflineWriteVariables {
  body: { content: string };
  /** Made once per press of Save: every resend of this write carries it. */
  idempotencyKey: string;
  /** What the "Not yet sent" list calls it ("New draft", "Edited comment"), fixed when made. */
  label: string;
}

/** One kind of offline write, defined by the feature that owns it. */
export interface OfflineWrite<TVariables extends OfflineWriteVariables> {
  /**
   * Its name in the mutation key, e.g. ['rumination', 'create']. Queued writes are stored under it
   * and resumed by it after a reload, perhaps by a newer build: never rename one.
   */
  name: readonly [string, string];
  send: (variables: TVariables) => Promise<unknown>;
  /** What to refetch once it has reached the server. */
  afterSuccess: (queryClient: QueryClient, variables: TVariables) => Promise<void>;
  /**
   * Whether a 412 (changed elsewhere) waits in the queue for the person to choose what to keep
   * (conflict-state.ts) instead of failing with its form: a write that sends If-Match and has a
   * side-by-side view (`registerConflictView`).
   */
  waitsOnConflict?: boolean;
}

/** What a conflict view is given: the write refused, with its variables and the 412. */
export interface ConflictViewProps {
  conflicted: Mutation;
}

/** Each registered write's conflict view, by its mutation key (only functions are not stored). */
const conflictViews = new Map<string, ComponentType<ConflictViewProps>>();

/** The conflict view of a write's mutation key, if its feature offers one. */
export function conflictViewOf(
  mutationKey: readonly unknown[] | undefined,
): ComponentType<ConflictViewProps> | undefined {
  return conflictViews.get(JSON.stringify(mutationKey));
}

/** The `meta` of a write's mutation (kept with it when stored). */
export interface OfflineWriteMeta extends Record<string, unknown> {
  waitsOnConflict?: boolean;
}

/** Queued writes run one after another, in the order they were made. */
export const OFFLINE_WRITE_SCOPE = { id: 'offline-writes' };

const MAX_WRITE_RETRIES = 3;

/**
 * A write is retried only after network trouble (no answer at all): the idempotency key makes that
 * safe, and while offline the retry waits for the network. An answer, even a 5xx, is shown to the
 * person at once (the form keeps the content).
 */
export function shouldRetryWrite(failureCount: number, error: Error): boolean {
  if (!(error instanceof ApiError) || error.status !== 0) return false;
  return failureCount < MAX_WRITE_RETRIES;
}

/** The mutation key of a write: the common prefix (persistence, pending list) and its name. */
export function offlineWriteKey(write: Pick<OfflineWrite<never>, 'name'>) {
  return [...OFFLINE_WRITE_PREFIX, ...write.name] as const;
}

/** The mutation options of a write, shared by its hook (useMutation) and the registered defaults. */
export function offlineWriteOptions<TVariables extends OfflineWriteVariables>(
  write: OfflineWrite<TVariables>,
  queryClient: QueryClient,
) {
  return {
    mutationKey: offlineWriteKey(write),
    mutationFn: write.send,
    onSuccess: (_data, variables) => write.afterSuccess(queryClient, variables),
    scope: OFFLINE_WRITE_SCOPE,
    meta: { waitsOnConflict: write.waitsOnConflict === true } satisfies OfflineWriteMeta,
    retry: shouldRetryWrite,
    // Never collected: a failed write stays (in the pending list, and stored) until sent or discarded.
    gcTime: Infinity,
  } satisfies MutationOptions<unknown, Error, TVariables>;
}

/**
 * Registers the default mutation function of a write, so that writes restored from storage (with
 * no component around) can be resumed. Called for every write before restoring.
 */
export function registerOfflineWrite<TVariables extends OfflineWriteVariables>(
  queryClient: QueryClient,
  write: OfflineWrite<TVariables>,
): void {
  const options = offlineWriteOptions(write, queryClient);
  queryClient.setMutationDefaults(options.mutationKey, options);
}

/**
 * The side-by-side view of a write that waits on conflicts: a lazy component, so that it loads
 * only when one is resolved (the app shell registers it: the view needs the feature's own writes).
 */
export function registerConflictView(
  write: Pick<OfflineWrite<never>, 'name'>,
  View: ComponentType<ConflictViewProps>,
): void {
  conflictViews.set(JSON.stringify(offlineWriteKey(write)), View);
}

/** Registers a set of writes on a QueryClient; the app shell says which (app/offline-writes.ts). */
export type RegisterOfflineWrites = (queryClient: QueryClient) => void;
