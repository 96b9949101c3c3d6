/**
 * DELETE /post/{id}: the owner deletes a post (and with it its offers). The post and its offers leave the cache
 * without being asked for again (they answer 404 now); the lists of posts are fetched afresh. The page that deleted
 * it stops its own queries while the deletion runs (see PostViewPage), so nothing asks for the deleted post.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { offerKeys } from '../../offers/api/keys';
import { postKeys } from './keys';

export const deletePost = (postId: string) => api.del(`/post/${encodeURIComponent(postId)}`);

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: async (_result, postId) => {
      const gone = [postKeys.detail(postId), offerKeys.byPost(postId)];
      await Promise.all(gone.map((queryKey) => queryClient.cancelQueries({ queryKey })));
      for (const queryKey of gone) queryClient.removeQueries({ queryKey });
      return queryClient.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}
