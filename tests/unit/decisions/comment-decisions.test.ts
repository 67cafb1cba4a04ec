import { describe, expect, it } from 'vitest';
import {
  COMMENT_PROBLEMS,
  decideCommentChange,
  decideNewComment,
  newCommentTarget,
  vanishedTarget,
  type VisibleComment,
} from '../../../src/domain/comment-decisions';
import { RUMINATION_PROBLEMS } from '../../../src/domain/rumination-decisions';

/** The shared rules of comments, which the server and the mock backend both settle. */

const AUTHOR = 1;
const COMMENTER = 2;
const STRANGER = 3;

const comment = (overrides: Partial<VisibleComment> = {}): VisibleComment => ({
  id: 10,
  authorId: COMMENTER,
  ruminationId: 5,
  ruminationAuthorId: AUTHOR,
  ruminationIsPublished: true,
  isDeleted: false,
  version: 1,
  ...overrides,
});

const refusalOf = (decision: { ok: boolean; refusal?: unknown }) =>
  decision.ok ? undefined : decision.refusal;

describe('a new comment', () => {
  it('answers the parent when both ids are given, else the rumination, else neither', () => {
    expect(newCommentTarget({ ruminationId: 5, parentCommentId: 10 })).toEqual({
      kind: 'reply',
      parentCommentId: 10,
    });
    expect(newCommentTarget({ ruminationId: 5 })).toEqual({ kind: 'rumination', ruminationId: 5 });
    expect(newCommentTarget({ ruminationId: null, parentCommentId: null })).toEqual({
      kind: 'none',
    });
  });

  it('on a visible published rumination tells its author, never the actor', () => {
    const rumination = { id: 5, authorId: AUTHOR, isPublished: true };
    const decided = decideNewComment({ kind: 'rumination', rumination }, COMMENTER);
    expect(decided).toEqual({
      ok: true,
      value: {
        ruminationId: 5,
        parentCommentId: null,
        ruminationAuthorId: AUTHOR,
        parentAuthorId: null,
        recipients: [{ recipientId: AUTHOR, kind: 'CommentOnMyRumination' }],
      },
    });
    const own = decideNewComment({ kind: 'rumination', rumination }, AUTHOR);
    expect(own.ok && own.value.recipients).toEqual([]);
  });

  it('is refused on a hidden rumination (404), a draft (409) or without a target (400)', () => {
    expect(refusalOf(decideNewComment({ kind: 'rumination', rumination: undefined }, 2))).toBe(
      RUMINATION_PROBLEMS.notFound,
    );
    const draft = { id: 5, authorId: AUTHOR, isPublished: false };
    expect(refusalOf(decideNewComment({ kind: 'rumination', rumination: draft }, AUTHOR))).toBe(
      COMMENT_PROBLEMS.onDraft,
    );
    expect(refusalOf(decideNewComment({ kind: 'none' }, AUTHOR))).toBe(COMMENT_PROBLEMS.noTarget);
  });

  it('as a reply: 404 hidden parent, then drafts before deleted parents', () => {
    expect(refusalOf(decideNewComment({ kind: 'reply', parent: undefined }, AUTHOR))).toBe(
      COMMENT_PROBLEMS.notFound,
    );
    const both = comment({ ruminationIsPublished: false, isDeleted: true });
    expect(refusalOf(decideNewComment({ kind: 'reply', parent: both }, AUTHOR))).toBe(
      COMMENT_PROBLEMS.onDraft,
    );
    const deleted = comment({ isDeleted: true });
    expect(refusalOf(decideNewComment({ kind: 'reply', parent: deleted }, AUTHOR))).toBe(
      COMMENT_PROBLEMS.replyToDeleted,
    );
  });

  it('as a reply by the rumination author tells the parent author once', () => {
    const decided = decideNewComment({ kind: 'reply', parent: comment() }, AUTHOR);
    expect(decided.ok && decided.value).toMatchObject({
      ruminationId: 5,
      parentCommentId: 10,
      recipients: [{ recipientId: COMMENTER, kind: 'ReplyToMyComment' }],
    });
  });

  it('whose target vanished answers as if it never existed', () => {
    expect(vanishedTarget({ parentCommentId: null })).toBe(RUMINATION_PROBLEMS.notFound);
    expect(vanishedTarget({ parentCommentId: 10 })).toBe(COMMENT_PROBLEMS.notFound);
  });
});

describe('changing a comment', () => {
  const edit = (bodyId: number) => ({ action: 'edit', bodyId }) as const;
  const remove = { action: 'delete' } as const;

  it('checks that an edit names one comment before anything else', () => {
    expect(refusalOf(decideCommentChange(edit(11), 10, undefined, COMMENTER))).toBe(
      COMMENT_PROBLEMS.idMismatch,
    );
  });

  it('is 404 hidden, 403 not allowed, 409 deleted, in that order', () => {
    expect(refusalOf(decideCommentChange(remove, 10, undefined, COMMENTER))).toBe(
      COMMENT_PROBLEMS.notFound,
    );
    const deleted = comment({ isDeleted: true });
    expect(refusalOf(decideCommentChange(edit(10), 10, deleted, STRANGER))).toBe(
      COMMENT_PROBLEMS.notAuthor,
    );
    expect(refusalOf(decideCommentChange(edit(10), 10, deleted, COMMENTER))).toBe(
      COMMENT_PROBLEMS.deleted,
    );
  });

  it('lets the rumination author delete but not edit a comment', () => {
    expect(decideCommentChange(remove, 10, comment(), AUTHOR).ok).toBe(true);
    expect(refusalOf(decideCommentChange(edit(10), 10, comment(), AUTHOR))).toBe(
      COMMENT_PROBLEMS.notAuthor,
    );
    expect(decideCommentChange(edit(10), 10, comment(), COMMENTER).ok).toBe(true);
  });
});
