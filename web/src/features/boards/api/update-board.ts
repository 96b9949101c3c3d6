/** PUT /boards/{id} {name?, shared?}: rename a board, or share it by link (or stop). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Board } from '../../../../../common/types';
import { api } from '../../../lib/api';
import { boardKeys } from './keys';

export const updateBoard = ({ id, ...changes }: { id: string; name?: string; shared?: boolean }) =>
  api.put<Board>(`/boards/${encodeURIComponent(id)}`, changes);

export function useUpdateBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBoard,
    onSuccess: (board) => {
      queryClient.setQueryData(boardKeys.one(board._id), board);
      queryClient.setQueryData<Board[]>(boardKeys.mine(), (boards) =>
        boards?.map((b) => (b._id === board._id ? board : b)),
      );
    },
  });
}
