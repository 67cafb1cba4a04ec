import { HttpResponse } from 'msw';
import {
  commentIdParams,
  createCommentRequest,
  updateCommentRequest,
} from '../../src/api/comment-schemas';
import { ruminationIdParams } from '../../src/api/rumination-schemas';
import {
  mayDeleteComment,
  mayEditComment,
  type CommentAuthors,
} from '../../src/domain/comment-permissions';
import { commentNotificationRecipients } from '../../src/domain/notification-rules';
import {
  badRequest,
  conflict,
  forbidden,
  noContent,
  notFound,
  optionalUser,
  readBody,
  readId,
  requireWriter,
  route,
} from '../http';
import { createNotification, getDb, nextId, now, type StoredComment } from '../store';
import { toComment, visibleRuminationOr404 } from '../views';
import { idempotent } from './idempotency';

/** /api/comments/* (api-contract.md "Comments"): readable by whoever may read the rumination. */

const oldestFirst = (a: StoredComment, b: StoredComment) => a.id - b.id;

/** The comment if its rumination is visible to the caller; else 404, hiding that it exists. */
function visibleCommentOr404(id: number, viewerId: number | null): StoredComment {
  const comment = getDb().comments.find((c) => c.id === id);
  if (!comment) throw notFound('Comment not found');
  try {
    visibleRuminationOr404(comment.ruminationId, viewerId);
  } catch {
    throw notFound('Comment not found');
  }
  return comment;
}

/** A comment still active that the caller may act on (`mayAct`): what edit and delete need. */
function activeCommentFor(
  id: number,
  userId: number,
  mayAct: (authors: CommentAuthors, userId: number) => boolean,
): StoredComment {
  const comment = visibleCommentOr404(id, userId);
  const rumination = visibleRuminationOr404(comment.ruminationId, userId);
  const authors = { commentAuthorId: comment.authorId, ruminationAuthorId: rumination.authorId };
  if (!mayAct(authors, userId)) throw forbidden('Only the author may change this comment');
  if (comment.isDeleted) throw conflict('This comment has been deleted');
  return comment;
}

export const commentHandlers = [
  route('get', '/api/comments/rumination/:id', ({ request, params }) => {
    const id = readId(params, ruminationIdParams);
    visibleRuminationOr404(id, optionalUser(request));
    const topLevel = getDb()
      .comments.filter((c) => c.ruminationId === id && c.parentCommentId === null)
      .sort(oldestFirst);
    return HttpResponse.json(topLevel.map(toComment));
  }),

  route('get', '/api/comments/comment/:id/replies', ({ request, params }) => {
    const id = readId(params, commentIdParams);
    visibleCommentOr404(id, optionalUser(request));
    const replies = getDb()
      .comments.filter((c) => c.parentCommentId === id)
      .sort(oldestFirst);
    return HttpResponse.json(replies.map(toComment));
  }),

  route(
    'post',
    '/api/comments',
    idempotent(async ({ request }) => {
      const input = await readBody(request, createCommentRequest);
      const userId = requireWriter(request);
      let ruminationId: number;
      let parentCommentId: number | null = null;
      let parentCommentAuthorId: number | null = null;
      if (input.parentCommentId != null) {
        const parent = visibleCommentOr404(input.parentCommentId, userId);
        if (parent.isDeleted) throw conflict('Replies to a deleted comment are not allowed');
        ruminationId = parent.ruminationId;
        parentCommentId = parent.id;
        parentCommentAuthorId = parent.authorId;
      } else if (input.ruminationId != null) {
        ruminationId = input.ruminationId;
      } else {
        throw badRequest('Give exactly one of ruminationId or parentCommentId');
      }
      const rumination = visibleRuminationOr404(ruminationId, userId);
      if (!rumination.isPublished) throw conflict('Drafts cannot be commented on');
      const time = now();
      const comment: StoredComment = {
        id: nextId(),
        ruminationId,
        parentCommentId,
        authorId: userId,
        content: input.content,
        isDeleted: false,
        createTMS: time,
        updateTMS: time,
      };
      getDb().comments.push(comment);
      // The shared rule (src/domain/notification-rules.ts) decides who is told.
      const recipients = commentNotificationRecipients({
        ruminationAuthorId: rumination.authorId,
        parentCommentAuthorId,
        actorId: userId,
      });
      for (const { recipientId, kind } of recipients) {
        createNotification({
          recipientId,
          actorId: userId,
          kind,
          ruminationId,
          commentId: comment.id,
        });
      }
      return HttpResponse.json(toComment(comment), { status: 201 });
    }),
  ),

  route(
    'put',
    '/api/comments/:id',
    idempotent(async ({ request, params }) => {
      const id = readId(params, commentIdParams);
      const input = await readBody(request, updateCommentRequest);
      const userId = requireWriter(request);
      if (input.id !== id) {
        throw badRequest('The comment id in the path and in the body differ', {
          id: ['Must match the id in the path'],
        });
      }
      const comment = activeCommentFor(id, userId, mayEditComment);
      comment.content = input.content;
      comment.updateTMS = now();
      return HttpResponse.json(toComment(comment));
    }),
  ),

  route('delete', '/api/comments/:id', ({ request, params }) => {
    const id = readId(params, commentIdParams);
    const userId = requireWriter(request);
    const comment = activeCommentFor(id, userId, mayDeleteComment);
    // Soft delete: the words go, the place in the thread (and the replies) stay.
    comment.isDeleted = true;
    comment.content = '';
    comment.updateTMS = now();
    return noContent();
  }),
];
