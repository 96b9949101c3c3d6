/** GET /post/suggested (business): 3 posts, the business's categories first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Post } from '../../../../../common/types';
import { api } from '../../../lib/api';
import { postKeys } from './keys';

export const getSuggestedPosts = () => api.get<Post[]>('/post/suggested');

export const suggestedPostsQueryOptions = () =>
  queryOptions({ queryKey: postKeys.suggested(), queryFn: getSuggestedPosts });

export const useSuggestedPosts = () => useQuery(suggestedPostsQueryOptions());
