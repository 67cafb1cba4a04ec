import { t } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import type { CreateCommentRequest, UpdateCommentRequest } from '../../api/comment-schemas';
import {
  registerOfflineWrite,
  type OfflineWrite,
  type OfflineWriteVariables,
} from '../offline/offline-writes';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { sendKeepingWrittenTime } from '../../lib/written-time-send';
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

/** A new comment with the time it was written (src/lib/written-time-send.ts). */
function sendNewComment(write: CreateCommentWrite) {
  return sendKeepingWrittenTime(write.body, (body) => postComment(body, write.idempotencyKey));
}

export const commentWrites = {
  create: {
    name: ['comment', 'create'],
    send: sendNewComment,
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
    // Made with the write, when Send was pressed: a comment sent later keeps this time.
    body: { ...body, writtenTMS: body.writtenTMS ?? new Date().toISOString() },
    idempotencyKey,
    // What the "Not yet sent" list calls it, in the language spoken when it was written (nouns:
    // the buttons' "Comment" and "Reply" are verbs in some languages).
    label:
      body.parentCommentId == null
        ? t({ context: 'pending write', message: 'Comment' })
        : t({ context: 'pending write', message: 'Reply' }),
  };
}

export function commentEditWrite(
  ruminationId: number,
  body: UpdateCommentRequest,
  idempotencyKey: string = newIdempotencyKey(),
): UpdateCommentWrite {
  return { ruminationId, body, idempotencyKey, label: t`Edited comment` };
}

export function registerCommentWrites(queryClient: QueryClient): void {
  registerOfflineWrite(queryClient, commentWrites.create);
  registerOfflineWrite(queryClient, commentWrites.update);
}
