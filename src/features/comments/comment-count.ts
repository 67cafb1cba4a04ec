import type { Comment } from '../../api/comment-schemas';

/** Comments and replies of a tree that are not deleted: what a rumination's commentCount counts. */
export function countLiveComments(tree: readonly Comment[]): number {
  return tree.reduce(
    (sum, comment) => sum + (comment.isDeleted ? 0 : 1) + countLiveComments(comment.childComments),
    0,
  );
}

export function commentCountLabel(count: number): string {
  return count === 1 ? '1 comment' : `${count.toLocaleString('en-US')} comments`;
}
