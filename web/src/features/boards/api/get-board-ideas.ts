/** GET /boards/{id}/ideas: the ideas on a board, saved last first, cursor-paged. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { IDEAS_PAGE_SIZE } from '../../../../../common/ideas';
import type { Idea } from '../../../../../common/types';
import { api, cursorPaging, toQuery } from '../../../lib/api';
import { boardKeys } from './keys';

export const getBoardIdeas = (id: string, cursor?: string) =>
  api.page<Idea>(`/boards/${encodeURIComponent(id)}/ideas${toQuery({ limit: IDEAS_PAGE_SIZE, cursor })}`);

export const boardIdeasQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: boardKeys.ideas(id),
    queryFn: ({ pageParam }) => getBoardIdeas(id, pageParam),
    ...cursorPaging,
  });

export const useBoardIdeas = (id: string, enabled = true) =>
  useInfiniteQuery({ ...boardIdeasQueryOptions(id), enabled });
