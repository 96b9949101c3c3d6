/** POST /post: create a client's post. Images are stored keys; budget an integer. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { markEngaged } from '../../../pwa/app';
import { postKeys } from './keys';

export interface NewPost {
  userId: string;
  title: string;
  category: string[];
  location: string;
  budget?: number;
  content: string;
  images: string[];
  /** "Ask for offers like this": the idea it starts from (its business is invited first). */
  ideaId?: string;
}

export const createPost = (post: NewPost) => api.post<unknown>('/post', post);

/** A new post shows in every post list (available, filtered, the client's profile). */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: () => {
      // The first request made: the app may now offer to be installed (not on a first visit).
      markEngaged();
      return queryClient.invalidateQueries({ queryKey: postKeys.all });
    },
  });
}
