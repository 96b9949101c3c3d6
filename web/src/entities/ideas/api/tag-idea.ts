/** POST /ideas: the business shows one of its pictures among the ideas with a room and a style, or changes them. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ideaTagBody } from '../../../../../common/schemas/ideas';
import type { Idea } from '../../../../../common/types';
import { api } from '../../../lib/api';
import { ideaKeys } from './keys';

export type TagIdeaBody = z.input<ReturnType<typeof ideaTagBody>>;

export const tagIdea = (body: TagIdeaBody) => api.post<Idea>('/ideas', body);

export function useTagIdea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: tagIdea,
    onSuccess: (idea) => {
      queryClient.setQueryData(ideaKeys.one(idea._id), idea);
      return queryClient.invalidateQueries({ queryKey: ideaKeys.lists() });
    },
  });
}
