/** DELETE /boards/{id}/ideas/{ideaId}: take an idea off a board. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Board } from '../../../../../common/types';
import { api } from '../../../lib/api';
import { boardKeys } from './keys';

export const removeIdea = ({ boardId, ideaId }: { boardId: string; ideaId: string }) =>
  api.del<Board>(`/boards/${encodeURIComponent(boardId)}/ideas/${encodeURIComponent(ideaId)}`);

export function useRemoveIdea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeIdea,
    onSuccess: (board) => {
      queryClient.setQueryData(boardKeys.one(board._id), board);
      queryClient.setQueryData<Board[]>(boardKeys.mine(), (boards) =>
        boards?.map((b) => (b._id === board._id ? board : b)),
      );
      return queryClient.invalidateQueries({ queryKey: boardKeys.ideas(board._id) });
    },
  });
}
