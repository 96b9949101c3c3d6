/** POST /boards {name}: a new board of the caller's, private until shared. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Board } from '../../../../../common/types';
import { api } from '../../../lib/api';
import { boardKeys } from './keys';

export const createBoard = (name: string) => api.post<Board>('/boards', { name });

export function useCreateBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBoard,
    onSuccess: (board) => {
      queryClient.setQueryData<Board[]>(boardKeys.mine(), (boards) => [board, ...(boards ?? [])]);
      queryClient.setQueryData(boardKeys.one(board._id), board);
    },
  });
}
