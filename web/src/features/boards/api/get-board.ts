/** GET /boards/{id}: a board (the caller's own, or one shared by its link). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Board } from '../../../../../common/types';
import { api, isNotFound } from '../../../lib/api';
import { boardKeys } from './keys';

export const getBoard = (id: string) => api.get<Board>(`/boards/${encodeURIComponent(id)}`);

export const boardQueryOptions = (id: string) =>
  queryOptions({
    queryKey: boardKeys.one(id),
    queryFn: () => getBoard(id),
    retry: (count, err) => !isNotFound(err) && count < 2,
  });

export const useBoard = (id: string) => useQuery(boardQueryOptions(id));
