/** GET /post/available: open posts, newest first, cursor-paged. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Post } from '../../../../../common/types';
import { api, cursorPaging, toQuery } from '../../../lib/api';
import { postKeys } from './keys';

export const getAvailablePosts = (limit: number, cursor?: string) =>
  api.page<Post>(`/post/available${toQuery({ limit, cursor })}`);

export const availablePostsQueryOptions = (limit: number) =>
  infiniteQueryOptions({
    queryKey: postKeys.available(limit),
    queryFn: ({ pageParam }) => getAvailablePosts(limit, pageParam),
    ...cursorPaging,
  });

export const useAvailablePosts = (limit: number) => useInfiniteQuery(availablePostsQueryOptions(limit));
