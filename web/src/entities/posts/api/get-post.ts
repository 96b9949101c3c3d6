/** GET /post/{id}: one post. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Post } from '../../../../../common/types';
import { api } from '../../../lib/api';
import { postKeys } from './keys';

export const getPost = (postId: string) => api.get<Post>(`/post/${encodeURIComponent(postId)}`);

export const postQueryOptions = (postId: string) =>
  queryOptions({ queryKey: postKeys.detail(postId), queryFn: () => getPost(postId) });

export const usePost = (postId: string | undefined, options?: { enabled?: boolean }) =>
  useQuery({ ...postQueryOptions(postId ?? ''), enabled: !!postId && options?.enabled !== false });
