import { z } from 'zod';
import { id, idInput, timestamp, userRef, type UserRef } from './common';
import { writtenTime } from './written-time';
import { commentContent } from './content-rules';

/** Wire schemas of /api/comments/* (spec sections 3 and 7, api-contract.md "Comments"). */

export { COMMENT_MAX } from './content-rules';

export interface Comment {
  id: number;
  content: string;
  createdBy: UserRef;
  createTMS: string;
  updateTMS: string;
  isDeleted: boolean;
  /** 1 when created, one more on every change (edit, delete). */
  version: number;
  ruminationId: number;
  parentCommentId: number | null;
  childComments: Comment[];
}

export const comment: z.ZodType<Comment> = z.object({
  id,
  content: z.string(),
  createdBy: userRef,
  createTMS: timestamp,
  updateTMS: timestamp,
  isDeleted: z.boolean(),
  version: z.number().int().positive(),
  ruminationId: id,
  parentCommentId: id.nullable(),
  get childComments() {
    return z.array(comment);
  },
});

/** Exactly one of ruminationId or parentCommentId. */
export const createCommentRequest = z
  .object({
    content: commentContent,
    ruminationId: idInput.optional().nullable(),
    parentCommentId: idInput.optional().nullable(),
    /** When it was written, for a comment sent later (offline): src/domain/written-time.ts. */
    writtenTMS: writtenTime.optional(),
  })
  .refine((v) => (v.ruminationId == null) !== (v.parentCommentId == null), {
    message: 'Give exactly one of ruminationId or parentCommentId',
    path: ['ruminationId'],
  });
export type CreateCommentRequest = z.input<typeof createCommentRequest>;

export const updateCommentRequest = z.object({
  id: idInput,
  content: commentContent,
});
export type UpdateCommentRequest = z.input<typeof updateCommentRequest>;

export const commentIdParams = z.object({ id: idInput });
