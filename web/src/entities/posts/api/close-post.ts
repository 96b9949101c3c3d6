/**
 * POST /post/{id}/close: the client closes a request without hiring anyone. Its pending offers become
 * declined and it leaves every open list, so the post, its offers and every post list are read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post } from '../../../../../common/types';
import { api } from '../../../lib/api';
import { offerKeys } from '../../offers/api/keys';
import { postKeys } from './keys';

export const closePost = (postId: string) => api.post<Post>(`/post/${encodeURIComponent(postId)}/close`, {});

export function useClosePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closePost,
    onSuccess: (post, postId) => {
      queryClient.setQueryData(postKeys.detail(postId), post);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: postKeys.all }),
        queryClient.invalidateQueries({ queryKey: offerKeys.byPost(postId) }),
      ]);
    },
  });
}
