import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  Comment,
  createCommentRequest,
  updateCommentRequest,
} from '../../../src/api/comment-schemas';
import type { Database } from '../../db/schema';
import { HttpProblem } from '../../http/problem';
import { isForeignKeyViolation } from '../../db/constraint-violations';
import { RUMINATION_NOT_FOUND, requireVisibleRumination } from '../ruminations/rumination-service';
import { requireStorableText } from '../ruminations/storable-text';
import {
  mayDeleteComment,
  mayEditComment,
  type CommentAuthors,
} from '../../../src/domain/comment-permissions';
import { buildCommentTree } from './comment-tree';
import { notifyComment, type Notified } from '../notifications/notification-service';
import {
  findVisibleComment,
  insertComment,
  listCommentsOfRumination,
  softDeleteComment,
  updateCommentContent,
  type VisibleCommentRow,
} from './comment-queries';

/**
 * The rules of comments (api-contract.md "Comments"): readable by whoever may read the rumination,
 * 404 when it is hidden, no comments on drafts, author-only edits of comments not yet deleted,
 * deletes by the comment's author or the rumination's.
 */

export type CreateCommentInput = z.output<typeof createCommentRequest>;
export type UpdateCommentInput = z.output<typeof updateCommentRequest>;

const COMMENT_NOT_FOUND = 'Comment not found';
const NO_COMMENTS_ON_DRAFTS = 'Drafts cannot be commented on';
const DELETED_COMMENT = 'This comment has been deleted';

async function requireVisibleComment(
  db: Kysely<Database>,
  id: number,
  viewerId: number | null,
): Promise<VisibleCommentRow> {
  const row = await findVisibleComment(db, id, viewerId);
  if (!row) throw new HttpProblem(404, COMMENT_NOT_FOUND);
  return row;
}

/** A comment with its current reply tree, read back after a write. */
async function loadComment(
  db: Kysely<Database>,
  ruminationId: number,
  id: number,
): Promise<Comment> {
  const { byId } = buildCommentTree(await listCommentsOfRumination(db, ruminationId));
  const comment = byId.get(id);
  if (!comment) throw new HttpProblem(404, COMMENT_NOT_FOUND);
  return comment;
}

export async function listForRumination(
  db: Kysely<Database>,
  ruminationId: number,
  viewerId: number | null,
): Promise<Comment[]> {
  await requireVisibleRumination(db, ruminationId, viewerId);
  return buildCommentTree(await listCommentsOfRumination(db, ruminationId)).roots;
}

export async function listReplies(
  db: Kysely<Database>,
  commentId: number,
  viewerId: number | null,
): Promise<Comment[]> {
  const parent = await requireVisibleComment(db, commentId, viewerId);
  return (await loadComment(db, parent.rumination_id, parent.id)).childComments;
}

/** A new comment, with who was notified of it (the route publishes to them after the commit). */
export interface CommentCreated {
  comment: Comment;
  notified: Notified;
}

/** Runs in `db` when it is already a transaction (an Idempotency-Key's), else in a new one. */
async function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

export async function createComment(
  db: Kysely<Database>,
  userId: number,
  input: CreateCommentInput,
): Promise<CommentCreated> {
  requireStorableText(input.content);
  let ruminationId: number;
  let ruminationAuthorId: number;
  let parentCommentId: number | null = null;
  let parentAuthorId: number | null = null;
  if (input.parentCommentId != null) {
    const parent = await requireVisibleComment(db, input.parentCommentId, userId);
    if (parent.rumination_is_published !== 1) throw new HttpProblem(409, NO_COMMENTS_ON_DRAFTS);
    if (parent.is_deleted === 1) {
      throw new HttpProblem(409, 'Replies to a deleted comment are not allowed');
    }
    ruminationId = parent.rumination_id;
    ruminationAuthorId = parent.rumination_author_id;
    parentCommentId = parent.id;
    parentAuthorId = parent.author_id;
  } else if (input.ruminationId != null) {
    const rumination = await requireVisibleRumination(db, input.ruminationId, userId);
    if (rumination.is_published !== 1) throw new HttpProblem(409, NO_COMMENTS_ON_DRAFTS);
    ruminationId = rumination.id;
    ruminationAuthorId = rumination.author_id;
  } else {
    // The schema already insists on exactly one; kept so the type checker sees every path.
    throw new HttpProblem(400, 'Give exactly one of ruminationId or parentCommentId');
  }
  let written: { id: number; notified: Notified };
  try {
    // The comment and its notifications are kept together or not at all.
    written = await inTransaction(db, async (trx) => {
      const id = await insertComment(
        trx,
        {
          rumination_id: ruminationId,
          parent_comment_id: parentCommentId,
          author_id: userId,
          content: input.content,
        },
        new Date().toISOString(),
      );
      const facts = { commentId: id, ruminationId, actorId: userId, ruminationAuthorId };
      return { id, notified: await notifyComment(trx, { ...facts, parentAuthorId }) };
    });
  } catch (error) {
    // The rumination (and with it the parent comment) was deleted between the check above and
    // this insert: the same answer as if the request had come a moment later.
    if (!isForeignKeyViolation(error)) throw error;
    throw new HttpProblem(404, parentCommentId === null ? RUMINATION_NOT_FOUND : COMMENT_NOT_FOUND);
  }
  return { comment: await loadComment(db, ruminationId, written.id), notified: written.notified };
}

/**
 * A visible, not deleted comment that the caller may act on (`mayAct`); 404 hidden, 403 when they
 * may not, 409 deleted.
 */
async function requireLiveCommentFor(
  db: Kysely<Database>,
  id: number,
  userId: number,
  mayAct: (authors: CommentAuthors, userId: number) => boolean,
): Promise<VisibleCommentRow> {
  const comment = await requireVisibleComment(db, id, userId);
  if (!mayAct(authorsOf(comment), userId)) {
    throw new HttpProblem(403, 'Only the author may change this comment');
  }
  if (comment.is_deleted === 1) throw new HttpProblem(409, DELETED_COMMENT);
  return comment;
}

const authorsOf = (comment: VisibleCommentRow): CommentAuthors => ({
  commentAuthorId: comment.author_id,
  ruminationAuthorId: comment.rumination_author_id,
});

export async function updateComment(
  db: Kysely<Database>,
  userId: number,
  id: number,
  input: UpdateCommentInput,
): Promise<Comment> {
  if (input.id !== id) {
    throw new HttpProblem(400, 'The comment id in the path and in the body differ', undefined, {
      id: ['Must match the id in the path'],
    });
  }
  requireStorableText(input.content);
  const comment = await requireLiveCommentFor(db, id, userId, mayEditComment);
  const updated = await updateCommentContent(db, id, input.content, new Date().toISOString());
  if (!updated) throw new HttpProblem(409, DELETED_COMMENT);
  return loadComment(db, comment.rumination_id, id);
}

export async function deleteComment(
  db: Kysely<Database>,
  userId: number,
  id: number,
): Promise<void> {
  await requireLiveCommentFor(db, id, userId, mayDeleteComment);
  const deleted = await softDeleteComment(db, id, new Date().toISOString());
  if (!deleted) throw new HttpProblem(409, DELETED_COMMENT);
}
