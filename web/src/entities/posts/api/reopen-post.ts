/**
 * POST /post/{id}/reopen: the client reopens a closed (or expired) request, once, for another 30 days.
 * The post and every post list are read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post } from '../../../../../common/types';
import { api } from '../../../lib/api';
import { postKeys } from './keys';

export const reopenPost = (postId: string) => api.post<Post>(`/post/${encodeURIComponent(postId)}/reopen`, {});

export function useReopenPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reopenPost,
    onSuccess: (post, postId) => {
      queryClient.setQueryData(postKeys.detail(postId), post);
      return queryClient.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}
