import type { QueryClient } from '@tanstack/react-query';
import type { CreateCommentRequest, UpdateCommentRequest } from '../../api/comment-schemas';
import type { RuminationWriteRequest } from '../../api/rumination-schemas';
import { ApiError } from '../../lib/api-error';
import { postComment, updateComment } from '../comments/comment-api';
import { createRumination, updateRumination } from '../ruminations/rumination-api';

/**
 * The writes that survive being offline: a new rumination, an edit, a new comment and a comment
 * edit. Each is a mutation with a key and a default mutation function registered on the
 * QueryClient (registerOfflineWrites), so that a write paused offline, persisted, and restored
 * after a reload can still run: only its key and variables are stored, never a function.
 * Every write carries an idempotency key made when the person pressed Save, so sending it again
 * (after a lost answer, or a reload mid-request) never writes twice.
 */

export interface CreateRuminationWrite {
  body: RuminationWriteRequest;
  idempotencyKey: string;
}

export interface UpdateRuminationWrite {
  id: number;
  body: RuminationWriteRequest;
  idempotencyKey: string;
}

export interface CreateCommentWrite {
  /** The rumination whose comment tree changes (for the refetch and the pending list). */
  ruminationId: number;
  body: CreateCommentRequest;
  idempotencyKey: string;
}

export interface UpdateCommentWrite {
  ruminationId: number;
  body: UpdateCommentRequest;
  idempotencyKey: string;
}

export const offlineWriteKeys = {
  createRumination: ['offline-write', 'rumination', 'create'] as const,
  updateRumination: ['offline-write', 'rumination', 'update'] as const,
  createComment: ['offline-write', 'comment', 'create'] as const,
  updateComment: ['offline-write', 'comment', 'update'] as const,
};

export { OFFLINE_WRITE_PREFIX } from './offline-write-key';

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

/** A fresh idempotency key (a UUID v4), made when the person presses Save. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; a plain-http address on a LAN still has getRandomValues.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Own, feed and public lists and profiles (they carry a count) change with any rumination. */
export async function refreshAfterRuminationChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['ruminations'] }),
    queryClient.invalidateQueries({ queryKey: ['users'] }),
  ]);
}

/** Every comment change alters the tree of one rumination: that tree is refetched. */
export async function refreshCommentTree(
  queryClient: QueryClient,
  ruminationId: number,
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['comments', 'rumination', ruminationId] }),
    queryClient.invalidateQueries({ queryKey: ['comments', 'replies'] }),
  ]);
}

/** The options of each write, shared by the hooks (useMutation) and the registered defaults. */
export function offlineWriteOptions(queryClient: QueryClient) {
  // Never collected: a failed write stays (in the pending list, and stored) until sent or discarded.
  const common = { scope: OFFLINE_WRITE_SCOPE, retry: shouldRetryWrite, gcTime: Infinity } as const;
  return {
    createRumination: {
      ...common,
      mutationKey: offlineWriteKeys.createRumination,
      mutationFn: (write: CreateRuminationWrite) =>
        createRumination(write.body, write.idempotencyKey),
      onSuccess: () => refreshAfterRuminationChange(queryClient),
    },
    updateRumination: {
      ...common,
      mutationKey: offlineWriteKeys.updateRumination,
      mutationFn: (write: UpdateRuminationWrite) =>
        updateRumination(write.id, write.body, write.idempotencyKey),
      onSuccess: () => refreshAfterRuminationChange(queryClient),
    },
    createComment: {
      ...common,
      mutationKey: offlineWriteKeys.createComment,
      mutationFn: (write: CreateCommentWrite) => postComment(write.body, write.idempotencyKey),
      onSuccess: (_data: unknown, write: CreateCommentWrite) =>
        refreshCommentTree(queryClient, write.ruminationId),
    },
    updateComment: {
      ...common,
      mutationKey: offlineWriteKeys.updateComment,
      mutationFn: (write: UpdateCommentWrite) => updateComment(write.body, write.idempotencyKey),
      onSuccess: (_data: unknown, write: UpdateCommentWrite) =>
        refreshCommentTree(queryClient, write.ruminationId),
    },
  };
}

/**
 * Registers the default mutation function of every offline write, so that writes restored from
 * storage (with no component around) can be resumed. Call before restoring.
 */
export function registerOfflineWrites(queryClient: QueryClient): void {
  const options = offlineWriteOptions(queryClient);
  queryClient.setMutationDefaults(offlineWriteKeys.createRumination, options.createRumination);
  queryClient.setMutationDefaults(offlineWriteKeys.updateRumination, options.updateRumination);
  queryClient.setMutationDefaults(offlineWriteKeys.createComment, options.createComment);
  queryClient.setMutationDefaults(offlineWriteKeys.updateComment, options.updateComment);
}
