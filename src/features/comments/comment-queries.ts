import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { offlineWriteOptions, refreshCommentTree } from '../offline/offline-writes';
import { deleteComment, fetchCommentReplies, fetchRuminationComments } from './comment-api';

export const commentQueries = {
  all: () => ['comments'] as const,
  rumination: (ruminationId: number) =>
    queryOptions({
      queryKey: ['comments', 'rumination', ruminationId] as const,
      queryFn: () => fetchRuminationComments(ruminationId),
    }),
  replies: (commentId: number) =>
    queryOptions({
      queryKey: ['comments', 'replies', commentId] as const,
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

/* Every comment change alters the tree of one rumination: that tree is refetched. */

export function usePostComment() {
  const queryClient = useQueryClient();
  // An offline write (features/offline/offline-writes.ts): queued offline, sent once.
  return useMutation(offlineWriteOptions(queryClient).createComment);
}

export function useUpdateComment() {
  const queryClient = useQueryClient();
  return useMutation(offlineWriteOptions(queryClient).updateComment);
}

export function useDeleteComment(ruminationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteComment(id),
    onSuccess: () => refreshCommentTree(queryClient, ruminationId),
  });
}
