/** DELETE /ideas/{id}: its business takes a picture out of the ideas (it leaves every board). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { ideaKeys } from './keys';

export const deleteIdea = (id: string) => api.del<{ _id: string }>(`/ideas/${encodeURIComponent(id)}`);

export function useDeleteIdea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIdea,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: ideaKeys.one(id) });
      return queryClient.invalidateQueries({ queryKey: ideaKeys.lists() });
    },
  });
}
