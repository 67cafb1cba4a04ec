import { useMutation, useQueryClient } from '@tanstack/react-query';
import { offlineWriteOptions } from '../offline/offline-writes';
import { deleteComment } from './comment-api';
import { invalidateCommentTree } from './comment-queries';
import { commentWrites } from './comment-writes';

/*
 * Posting and editing are offline writes (comment-writes.ts): queued offline, sent once. Deleting
 * needs the network.
 */

export function usePostComment() {
  const queryClient = useQueryClient();
  return useMutation(offlineWriteOptions(commentWrites.create, queryClient));
}

export function useUpdateComment() {
  const queryClient = useQueryClient();
  return useMutation(offlineWriteOptions(commentWrites.update, queryClient));
}

export function useDeleteComment(ruminationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteComment(id),
    onSuccess: () => invalidateCommentTree(queryClient, ruminationId),
  });
}
