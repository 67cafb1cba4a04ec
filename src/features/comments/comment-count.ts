import { plural, t } from '@lingui/core/macro';
import type { Comment } from '../../api/comment-schemas';

/** Comments and replies of a tree that are not deleted: what a rumination's commentCount counts. */
export function countLiveComments(tree: readonly Comment[]): number {
  return tree.reduce(
    (sum, comment) => sum + (comment.isDeleted ? 0 : 1) + countLiveComments(comment.childComments),
    0,
  );
}

/** "1 comment", "1,234 comments": in the language spoken (its plural and its digits), when called. */
export function commentCountLabel(count: number): string {
  return t`${plural(count, { one: '# comment', other: '# comments' })}`;
}
