import type { QueryClient } from '@tanstack/react-query';
import type { CreateCommentRequest, UpdateCommentRequest } from '../../api/comment-schemas';
import {
  registerOfflineWrite,
  type OfflineWrite,
  type OfflineWriteVariables,
} from '../offline/offline-writes';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { postComment, updateComment } from './comment-api';
import { invalidateCommentTree } from './comment-queries';

/**
 * A new comment (or reply) and a comment edit are offline writes
 * (features/offline/offline-writes.ts): queued while offline, kept across reloads, sent once.
 */

interface CommentWriteOf<TBody extends { content: string }> extends OfflineWriteVariables {
  /** The rumination whose comment tree changes (for the refetch). */
  ruminationId: number;
  body: TBody;
}

export type CreateCommentWrite = CommentWriteOf<CreateCommentRequest>;
export type UpdateCommentWrite = CommentWriteOf<UpdateCommentRequest>;

export const commentWrites = {
  create: {
    name: ['comment', 'create'],
    send: (write) => postComment(write.body, write.idempotencyKey),
    afterSuccess: (queryClient, write) => invalidateCommentTree(queryClient, write.ruminationId),
  } satisfies OfflineWrite<CreateCommentWrite>,
  update: {
    name: ['comment', 'update'],
    send: (write) => updateComment(write.body, write.idempotencyKey),
    afterSuccess: (queryClient, write) => invalidateCommentTree(queryClient, write.ruminationId),
  } satisfies OfflineWrite<UpdateCommentWrite>,
};

/**
 * A comment on rumination `ruminationId`, or a reply (body.parentCommentId) within its tree.
 * `idempotencyKey`: the one its form holds until the comment is sent, so that a second click or a
 * retry sends the same write again, not another.
 */
export function newCommentWrite(
  ruminationId: number,
  body: CreateCommentRequest,
  idempotencyKey: string = newIdempotencyKey(),
): CreateCommentWrite {
  return {
    ruminationId,
    body,
    idempotencyKey,
    label: body.parentCommentId == null ? 'Comment' : 'Reply',
  };
}

export function commentEditWrite(
  ruminationId: number,
  body: UpdateCommentRequest,
  idempotencyKey: string = newIdempotencyKey(),
): UpdateCommentWrite {
  return { ruminationId, body, idempotencyKey, label: 'Edited comment' };
}

export function registerCommentWrites(queryClient: QueryClient): void {
  registerOfflineWrite(queryClient, commentWrites.create);
  registerOfflineWrite(queryClient, commentWrites.update);
}
