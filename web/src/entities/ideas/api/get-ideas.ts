/**
 * GET /ideas?room=&style=&town=&service=&business=: ideas newest first, cursor-paged, by one of the filters the API
 * answers (common/ideas.ts IDEA_LIST_SHAPES).
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { IdeaFilter } from '../../../../../common/ideas';
import type { Idea } from '../../../../../common/types';
import { api, cursorPaging, toQuery } from '../../../lib/api';
import { ideaKeys } from './keys';

export const getIdeas = (filter: IdeaFilter, limit: number, cursor?: string) =>
  api.page<Idea>(`/ideas${toQuery({ ...filter, limit, cursor })}`);

export const ideasQueryOptions = (filter: IdeaFilter, limit: number) =>
  infiniteQueryOptions({
    queryKey: [...ideaKeys.list(filter), limit],
    queryFn: ({ pageParam }) => getIdeas(filter, limit, pageParam),
    ...cursorPaging,
  });

/** The ideas of `filter`, `limit` a page; nothing is asked while `enabled` is false. */
export const useIdeas = (filter: IdeaFilter, limit: number, enabled = true) =>
  useInfiniteQuery({ ...ideasQueryOptions(filter, limit), enabled });
