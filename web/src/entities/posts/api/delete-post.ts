/** DELETE /post/{id}: the owner deletes a post (and with it its offers). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { postKeys } from './keys';

export const deletePost = (postId: string) => api.del(`/post/${encodeURIComponent(postId)}`);

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_result, postId) => {
      queryClient.removeQueries({ queryKey: postKeys.detail(postId) });
      return queryClient.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}
