import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type {
  Comment,
  createCommentRequest,
  updateCommentRequest,
} from '../../../src/api/comment-schemas';
import type { Database } from '../../db/schema';
import { ApiProblem, settle } from '../../../src/api/problem';
import {
  COMMENT_PROBLEMS,
  decideCommentChange,
  decideNewComment,
  newCommentTarget,
  vanishedTarget,
  type NewComment,
  type NewCommentFacts,
  type CommentChange,
  type NewCommentTarget,
  type VisibleComment,
} from '../../../src/domain/comment-decisions';
import { settleOrConflict, type ExpectedVersion } from '../../../src/api/preconditions';
import { decideWrittenTime } from '../../../src/domain/written-time';
import { isForeignKeyViolation } from '../../db/constraint-violations';
import { requireVisibleRumination } from '../ruminations/rumination-service';
import { findVisibleRumination } from '../ruminations/rumination-queries';
import { asWriter } from '../../credentials/writer-lock';
import { buildCommentTree } from './comment-tree';
import { notifyComment, type Notified } from '../notifications/notification-service';
import { notifyMentions } from '../notifications/mention-notices';
import { recipientOf } from '../notifications/notification-events';
import { withoutMentioned } from '../../../src/domain/mentions';
import {
  findVisibleComment,
  insertComment,
  listVisibleCommentsOfRumination,
  softDeleteComment,
  updateCommentContent,
  type BasedOnVersion,
  type VisibleCommentRow,
} from './comment-queries';

/**
 * Comments (api-contract.md "Comments"): loads the facts, asks the shared rules
 * (src/domain/comment-decisions.ts) and stores what they decided.
 */

export type CreateCommentInput = z.output<typeof createCommentRequest>;
export type UpdateCommentInput = z.output<typeof updateCommentRequest>;

const visibleComment = (row: VisibleCommentRow): VisibleComment => ({
  id: row.id,
  authorId: row.author_id,
  ruminationId: row.rumination_id,
  ruminationAuthorId: row.rumination_author_id,
  ruminationIsPublished: row.rumination_is_published === 1,
  isDeleted: row.is_deleted === 1,
  version: row.version,
});

async function findComment(
  db: Kysely<Database>,
  id: number,
  viewerId: number | null,
): Promise<VisibleComment | undefined> {
  const row = await findVisibleComment(db, id, viewerId);
  return row && visibleComment(row);
}

/** A comment with its current reply tree, read back after a write, as `viewerId` may read it. */
async function loadComment(
  db: Kysely<Database>,
  ruminationId: number,
  id: number,
  viewerId: number | null,
): Promise<Comment> {
  const { byId } = buildCommentTree(
    await listVisibleCommentsOfRumination(db, ruminationId, viewerId),
  );
  const comment = byId.get(id);
  if (!comment) throw ApiProblem.of(COMMENT_PROBLEMS.notFound);
  return comment;
}

export async function listForRumination(
  db: Kysely<Database>,
  ruminationId: number,
  viewerId: number | null,
): Promise<Comment[]> {
  const rows = await listVisibleCommentsOfRumination(db, ruminationId, viewerId);
  // No comment: a thread without any yet, or a rumination this viewer may not read (404).
  if (rows.length === 0) await requireVisibleRumination(db, ruminationId, viewerId);
  return buildCommentTree(rows).roots;
}

export async function listReplies(
  db: Kysely<Database>,
  commentId: number,
  viewerId: number | null,
): Promise<Comment[]> {
  const parent = await findComment(db, commentId, viewerId);
  if (parent === undefined) throw ApiProblem.of(COMMENT_PROBLEMS.notFound);
  return (await loadComment(db, parent.ruminationId, parent.id, viewerId)).childComments;
}

/** A new comment, with who was notified of it (the route publishes to them after the commit). */
export interface CommentCreated {
  comment: Comment;
  notified: Notified;
}

/** The facts the decision needs about what the new comment answers, as the caller sees them. */
async function loadTarget(
  db: Kysely<Database>,
  target: NewCommentTarget,
  userId: number,
): Promise<NewCommentFacts> {
  if (target.kind === 'reply') {
    return { kind: 'reply', parent: await findComment(db, target.parentCommentId, userId) };
  }
  if (target.kind === 'rumination') {
    const row = await findVisibleRumination(db, target.ruminationId, userId);
    const rumination = row && {
      id: row.id,
      authorId: row.author_id,
      isPublished: row.is_published === 1,
    };
    return { kind: 'rumination', rumination };
  }
  return target;
}

/**
 * A new comment, dated when it was written (`writtenTMS`) if that is believable, else now, and
 * decided inside an Idempotency-Key's write like a rumination (rumination-service.ts). The
 * notifications it sends are dated now: that is when they were sent.
 */
export async function createComment(
  db: Kysely<Database>,
  userId: number,
  input: CreateCommentInput,
): Promise<CommentCreated> {
  const createTMS = settle(decideWrittenTime(input.writtenTMS, new Date()));
  let decided: NewComment | undefined;
  try {
    // The comment and its notifications are kept together or not at all.
    return await asWriter(db, userId, async (trx) => {
      const facts = await loadTarget(trx, newCommentTarget(input), userId);
      decided = settle(decideNewComment(facts, userId));
      const id = await insertComment(
        trx,
        {
          rumination_id: decided.ruminationId,
          parent_comment_id: decided.parentCommentId,
          author_id: userId,
          content: input.content,
        },
        createTMS,
      );
      const mentioned = await notifyMentions(trx, {
        ruminationId: decided.ruminationId,
        commentId: id,
        actorId: userId,
        content: input.content,
        published: true,
      });
      const notified = await notifyComment(trx, {
        ...decided,
        recipients: withoutMentioned(decided.recipients, mentioned.map(recipientOf)),
        commentId: id,
        actorId: userId,
      });
      return {
        comment: await loadComment(trx, decided.ruminationId, id, userId),
        notified: [...mentioned, ...notified],
      };
    });
  } catch (error) {
    // The rumination (and with it the parent comment) was deleted between the check above and
    // this insert.
    if (decided === undefined || !isForeignKeyViolation(error)) throw error;
    throw ApiProblem.of(vanishedTarget(decided));
  }
}

/**
 * Edits and deletes (api-contract.md "Your writing is never lost": preconditions). The decision
 * checks `If-Match` against the version read; the write is guarded by the same version (see
 * writeCommentChange in comment-queries.ts), since another person's change (the rumination's author
 * deleting it) does not wait for this person's writer lock. When the guarded write finds the comment
 * changed in between, the change is decided again on what is there now: 412 with `current`, or the
 * 409 or 404 a request a moment later would have had. Runs inside the caller's asWriter.
 */
async function changeComment(
  trx: Kysely<Database>,
  userId: number,
  id: number,
  change: CommentChange,
  expected: ExpectedVersion,
  write: (trx: Kysely<Database>, basedOn: BasedOnVersion) => Promise<boolean>,
): Promise<VisibleComment> {
  const decide = async (): Promise<VisibleComment> => {
    const comment = await findComment(trx, id, userId);
    await settleOrConflict(decideCommentChange(change, id, comment, userId, expected), () =>
      comment === undefined ? undefined : loadComment(trx, comment.ruminationId, id, userId),
    );
    // Allowed, so found; the check only tells the type checker.
    if (comment === undefined) throw ApiProblem.of(COMMENT_PROBLEMS.notFound);
    return comment;
  };
  const comment = await decide();
  const basedOn = typeof expected === 'number' ? expected : undefined;
  if (await write(trx, basedOn)) return comment;
  await decide();
  // Allowed on a second look, yet the write found nothing to change: it was deleted in between
  // and the second look read before that commit.
  throw ApiProblem.of(COMMENT_PROBLEMS.deleted);
}

export async function updateComment(
  db: Kysely<Database>,
  userId: number,
  id: number,
  input: UpdateCommentInput,
  expected: ExpectedVersion = undefined,
  news: Notified = [],
): Promise<Comment> {
  const now = new Date().toISOString();
  return asWriter(db, userId, async (trx) => {
    const comment = await changeComment(
      trx,
      userId,
      id,
      { action: 'edit', bodyId: input.id },
      expected,
      (w, basedOn) => updateCommentContent(w, id, input.content, basedOn, now),
    );
    // An edit tells only people newly mentioned (mention_notified remembers the others).
    news.push(
      ...(await notifyMentions(trx, {
        ruminationId: comment.ruminationId,
        commentId: id,
        actorId: userId,
        content: input.content,
        published: true,
      })),
    );
    return loadComment(trx, comment.ruminationId, id, userId);
  });
}

export async function deleteComment(
  db: Kysely<Database>,
  userId: number,
  id: number,
  expected: ExpectedVersion = undefined,
): Promise<void> {
  const now = new Date().toISOString();
  await asWriter(db, userId, (trx) =>
    changeComment(trx, userId, id, { action: 'delete' }, expected, (w, basedOn) =>
      softDeleteComment(w, id, basedOn, now),
    ),
  );
}
