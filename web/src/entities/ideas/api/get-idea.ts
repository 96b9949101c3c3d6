/** GET /ideas/{id}: one idea (its business and moderators see it hidden too; to others a hidden one is 404). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Idea } from '../../../../../common/types';
import { api, isNotFound } from '../../../lib/api';
import { ideaKeys } from './keys';

export const getIdea = (id: string) => api.get<Idea>(`/ideas/${encodeURIComponent(id)}`);

export const ideaQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ideaKeys.one(id),
    queryFn: () => getIdea(id),
    // A 404 says it is gone: no point asking again.
    retry: (count, err) => !isNotFound(err) && count < 2,
  });

export const useIdea = (id: string | undefined) => useQuery({ ...ideaQueryOptions(id ?? ''), enabled: !!id });
