/** PUT /boards/{id}/ideas/{ideaId}: save an idea to a board (saving it again changes nothing). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Board } from '../../../../../common/types';
import { api } from '../../../lib/api';
import { boardKeys } from './keys';

export const saveIdea = ({ boardId, ideaId }: { boardId: string; ideaId: string }) =>
  api.put<Board>(`/boards/${encodeURIComponent(boardId)}/ideas/${encodeURIComponent(ideaId)}`);

export function useSaveIdea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveIdea,
    onSuccess: (board) => {
      queryClient.setQueryData(boardKeys.one(board._id), board);
      queryClient.setQueryData<Board[]>(boardKeys.mine(), (boards) =>
        boards?.map((b) => (b._id === board._id ? board : b)),
      );
      return queryClient.invalidateQueries({ queryKey: boardKeys.ideas(board._id) });
    },
  });
}
