/** GET /boards: the caller's boards ("My ideas"), newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_BOARDS } from '../../../../../common/ideas';
import type { Board } from '../../../../../common/types';
import { api, toQuery } from '../../../lib/api';
import { boardKeys } from './keys';

/** A client keeps at most MAX_BOARDS: one page holds them all. */
export const getBoards = () => api.get<Board[]>(`/boards${toQuery({ limit: MAX_BOARDS })}`);

export const boardsQueryOptions = () => queryOptions({ queryKey: boardKeys.mine(), queryFn: getBoards });

export const useBoards = (enabled = true) => useQuery({ ...boardsQueryOptions(), enabled });
