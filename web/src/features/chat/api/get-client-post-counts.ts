/**
 * GET /post/user/{clientId} (every page, up to 300 posts): how many requests a client posted and how many
 * of them are finished, for the chat header a business sees. (A client sees the business's counters from
 * its profile record: entities/businesses/api/get-business.ts.)
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Post } from '../../../../../common/types';
import { fetchAllPages } from './all-pages';
import { chatKeys } from './keys';

export const getClientPostCounts = async (clientId: string) => {
  const posts = await fetchAllPages<Post>(`/post/user/${encodeURIComponent(clientId)}`, 3);
  return { posts: posts.length, projects: posts.filter((p) => p.status === 'finished').length };
};

export const clientPostCountsQueryOptions = (clientId: string) =>
  queryOptions({ queryKey: chatKeys.clientPostCounts(clientId), queryFn: () => getClientPostCounts(clientId) });

export const useClientPostCounts = (clientId: string, options?: { enabled?: boolean }) =>
  useQuery({ ...clientPostCountsQueryOptions(clientId), ...options });
