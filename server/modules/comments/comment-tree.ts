import type { Comment } from '../../../src/api/comment-schemas';
import type { CommentRow } from './comment-queries';

function toComment(row: CommentRow): Comment {
  const isDeleted = row.is_deleted === 1;
  return {
    id: row.id,
    // Deleted content is erased on write; never send it even if some old row still holds words.
    content: isDeleted ? '' : row.content,
    createdBy: {
      id: row.author_id,
      username: row.author_username,
      displayName: row.author_display_name,
    },
    createTMS: row.create_tms,
    updateTMS: row.update_tms,
    isDeleted,
    version: row.version,
    ruminationId: row.rumination_id,
    parentCommentId: row.parent_comment_id,
    childComments: [],
  };
}

/**
 * Builds the reply trees of one rumination's comments (rows oldest first, so every list comes out
 * oldest first) and returns a lookup by id plus the top-level comments.
 */
export function buildCommentTree(rows: readonly CommentRow[]): {
  byId: Map<number, Comment>;
  roots: Comment[];
} {
  const byId = new Map<number, Comment>();
  for (const row of rows) byId.set(row.id, toComment(row));
  const roots: Comment[] = [];
  for (const comment of byId.values()) {
    const parent = comment.parentCommentId === null ? undefined : byId.get(comment.parentCommentId);
    if (parent) parent.childComments.push(comment);
    else roots.push(comment);
  }
  return { byId, roots };
}
