/** DELETE /boards/{id}: delete a board and what is saved on it (the ideas stay). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Board } from '../../../../../common/types';
import { api } from '../../../lib/api';
import { boardKeys } from './keys';

export const deleteBoard = (id: string) => api.del<{ _id: string }>(`/boards/${encodeURIComponent(id)}`);

export function useDeleteBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBoard,
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<Board[]>(boardKeys.mine(), (boards) => boards?.filter((b) => b._id !== id));
      queryClient.removeQueries({ queryKey: boardKeys.one(id) });
      queryClient.removeQueries({ queryKey: boardKeys.ideas(id) });
    },
  });
}
