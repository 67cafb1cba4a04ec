import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { commentKeys, ruminationKeys } from '../../lib/query-keys';
import { fetchCommentReplies, fetchRuminationComments } from './comment-api';

export const commentQueries = {
  rumination: (ruminationId: number) =>
    queryOptions({
      queryKey: commentKeys.ofRumination(ruminationId),
      queryFn: () => fetchRuminationComments(ruminationId),
    }),
  replies: (commentId: number) =>
    queryOptions({
      queryKey: commentKeys.replies(commentId),
      queryFn: () => fetchCommentReplies(commentId),
    }),
};

/**
 * The comment tree under a rumination. Not a suspense query: a card shows at once and its
 * comments follow, so one slow comment list never holds back a whole page.
 */
export function useRuminationComments(ruminationId: number, enabled: boolean) {
  return useQuery({ ...commentQueries.rumination(ruminationId), enabled });
}

/**
 * Every comment change alters the tree of one rumination: that tree (and any replies) is refetched.
 * It also changes the rumination's commentCount in the lists: they are marked stale, not refetched
 * now (the open card counts from its fresh tree; a list is read again when next shown).
 */
export async function invalidateCommentTree(
  queryClient: QueryClient,
  ruminationId: number,
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: commentKeys.ofRumination(ruminationId) }),
    queryClient.invalidateQueries({ queryKey: commentKeys.allReplies }),
    queryClient.invalidateQueries({ queryKey: ruminationKeys.all, refetchType: 'none' }),
  ]);
}
