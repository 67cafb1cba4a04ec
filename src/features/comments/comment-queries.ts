import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteComment,
  fetchCommentReplies,
  fetchRuminationComments,
  postComment,
  updateComment,
} from './comment-api';

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

export function usePostComment(ruminationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { content: string; parentCommentId?: number }) =>
      postComment(
        input.parentCommentId === undefined
          ? { content: input.content, ruminationId }
          : { content: input.content, parentCommentId: input.parentCommentId },
      ),
    onSuccess: () => invalidateTree(queryClient, ruminationId),
  });
}

export function useUpdateComment(ruminationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; content: string }) => updateComment(input),
    onSuccess: () => invalidateTree(queryClient, ruminationId),
  });
}

export function useDeleteComment(ruminationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteComment(id),
    onSuccess: () => invalidateTree(queryClient, ruminationId),
  });
}

function invalidateTree(
  queryClient: ReturnType<typeof useQueryClient>,
  ruminationId: number,
): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['comments', 'rumination', ruminationId] }),
    queryClient.invalidateQueries({ queryKey: ['comments', 'replies'] }),
  ]).then(() => undefined);
}
