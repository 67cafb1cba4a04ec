import { t } from '@lingui/core/macro';
import type {
  Comment,
  CreateCommentRequest,
  UpdateCommentRequest,
} from '../../api/comment-schemas';
import { api, idempotencyHeaders, withDefaultError } from '../../lib/http';

/** API functions of /api/comments/* with the spec's default error texts (section 8). */

/** Top-level comments of a rumination, oldest first, each with its whole reply tree. */
export function fetchRuminationComments(ruminationId: number): Promise<Comment[]> {
  return withDefaultError(t`Failed to fetch comments`, () =>
    api.get(`comments/rumination/${ruminationId}`).json<Comment[]>(),
  );
}

export function fetchCommentReplies(commentId: number): Promise<Comment[]> {
  return withDefaultError(t`Failed to fetch comment replies`, () =>
    api.get(`comments/comment/${commentId}/replies`).json<Comment[]>(),
  );
}

export function postComment(body: CreateCommentRequest, idempotencyKey?: string): Promise<Comment> {
  return withDefaultError(t`Failed to post comment`, () =>
    api
      .post('comments', { json: body, headers: idempotencyHeaders(idempotencyKey) })
      .json<Comment>(),
  );
}

export function updateComment(
  body: UpdateCommentRequest,
  idempotencyKey?: string,
): Promise<Comment> {
  return withDefaultError(t`Failed to update comment`, () =>
    api
      .put(`comments/${body.id}`, { json: body, headers: idempotencyHeaders(idempotencyKey) })
      .json<Comment>(),
  );
}

export async function deleteComment(id: number): Promise<void> {
  await withDefaultError(t`Failed to delete comment`, () => api.delete(`comments/${id}`));
}
