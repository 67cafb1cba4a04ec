import { HttpResponse } from 'msw';
import {
  commentIdParams,
  createCommentRequest,
  updateCommentRequest,
} from '../../src/api/comment-schemas';
import { settleOrConflict } from '../../src/api/preconditions';
import { ApiProblem, settle } from '../../src/api/problem';
import { ruminationIdParams } from '../../src/api/rumination-schemas';
import {
  COMMENT_PROBLEMS,
  decideCommentChange,
  decideNewComment,
  newCommentTarget,
  type NewCommentFacts,
  type NewCommentTarget,
  type VisibleComment,
} from '../../src/domain/comment-decisions';
import { decideWrittenTime } from '../../src/domain/written-time';
import {
  noContent,
  optionalUser,
  readBody,
  readId,
  readIfMatch,
  requireWriter,
  route,
} from '../http';
import { createNotification } from '../store/notifications';
import { withoutMentioned } from '../../src/domain/mentions';
import { notifyMentions } from './mentions';
import { getDb, nextId } from '../store/db';
import { now } from '../store/clock';
import type { StoredComment } from '../store/tables';
import { findVisibleRumination, toComment, visibleRuminationOr404 } from '../views';
import { idempotent } from './idempotency';

/**
 * /api/comments/* (api-contract.md "Comments"): loads the facts from the store, asks the shared
 * rules (src/domain/comment-decisions.ts) and stores what they decided.
 */

const oldestFirst = (a: StoredComment, b: StoredComment) => a.id - b.id;

/** The comment as the caller may see it: only through a rumination they may read. */
function findComment(id: number, viewerId: number | null): VisibleComment | undefined {
  const comment = getDb().comments.find((c) => c.id === id);
  const rumination = comment && findVisibleRumination(comment.ruminationId, viewerId);
  if (!comment || !rumination) return undefined;
  return {
    id: comment.id,
    authorId: comment.authorId,
    ruminationId: comment.ruminationId,
    ruminationAuthorId: rumination.authorId,
    ruminationIsPublished: rumination.isPublished,
    version: comment.version,
    isDeleted: comment.isDeleted,
  };
}

function loadTarget(target: NewCommentTarget, userId: number): NewCommentFacts {
  if (target.kind === 'reply') {
    return { kind: 'reply', parent: findComment(target.parentCommentId, userId) };
  }
  if (target.kind === 'rumination') {
    return { kind: 'rumination', rumination: findVisibleRumination(target.ruminationId, userId) };
  }
  return target;
}

function storedComment(id: number): StoredComment {
  const comment = getDb().comments.find((c) => c.id === id);
  if (!comment) throw ApiProblem.of(COMMENT_PROBLEMS.notFound);
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
    if (!findComment(id, optionalUser(request))) throw ApiProblem.of(COMMENT_PROBLEMS.notFound);
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
      // When it was written, if believable (a comment sent later, offline); else now. Its
      // notifications are dated when it arrived, as they are sent then.
      const time = settle(decideWrittenTime(input.writtenTMS, new Date(now())));
      const decided = settle(decideNewComment(loadTarget(newCommentTarget(input), userId), userId));
      const comment: StoredComment = {
        id: nextId(),
        ruminationId: decided.ruminationId,
        parentCommentId: decided.parentCommentId,
        authorId: userId,
        content: input.content,
        isDeleted: false,
        createTMS: time,
        updateTMS: time,
        version: 1,
      };
      getDb().comments.push(comment);
      const mentioned = notifyMentions({
        ruminationId: decided.ruminationId,
        commentId: comment.id,
        actorId: userId,
        content: comment.content,
        published: true,
      });
      for (const { recipientId, kind } of withoutMentioned(decided.recipients, mentioned)) {
        createNotification({
          recipientId,
          actorId: userId,
          kind,
          ruminationId: decided.ruminationId,
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
      const expected = readIfMatch(request);
      const change = { action: 'edit', bodyId: input.id } as const;
      const { version } = await settleOrConflict(
        decideCommentChange(change, id, findComment(id, userId), userId, expected),
        () => toComment(storedComment(id)),
      );
      const comment = storedComment(id);
      comment.content = input.content;
      comment.updateTMS = now();
      comment.version = version;
      // An edit tells only people newly mentioned.
      notifyMentions({
        ruminationId: comment.ruminationId,
        commentId: comment.id,
        actorId: userId,
        content: comment.content,
        published: true,
      });
      return HttpResponse.json(toComment(comment));
    }),
  ),

  route('delete', '/api/comments/:id', async ({ request, params }) => {
    const id = readId(params, commentIdParams);
    const userId = requireWriter(request);
    const expected = readIfMatch(request);
    const { version } = await settleOrConflict(
      decideCommentChange({ action: 'delete' }, id, findComment(id, userId), userId, expected),
      () => toComment(storedComment(id)),
    );
    // Soft delete: the words go, the place in the thread (and the replies) stay.
    const comment = storedComment(id);
    comment.isDeleted = true;
    comment.content = '';
    comment.updateTMS = now();
    comment.version = version;
    return noContent();
  }),
];
