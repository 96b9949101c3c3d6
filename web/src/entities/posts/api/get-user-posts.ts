/** GET /post/user/{userId}: a client's posts, cursor-paged (the client profile's carousels). */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Post } from '../../../../../common/types';
import { api, cursorPaging, toQuery } from '../../../lib/api';
import { postKeys } from './keys';

const PAGE_SIZE = 100;

export const getUserPosts = (userId: string, cursor?: string) =>
  api.page<Post>(`/post/user/${encodeURIComponent(userId)}${toQuery({ limit: PAGE_SIZE, cursor })}`);

export const userPostsQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: postKeys.byUser(userId),
    queryFn: ({ pageParam }) => getUserPosts(userId, pageParam),
    ...cursorPaging,
  });

export const useUserPosts = (userId: string | undefined) =>
  useInfiniteQuery({ ...userPostsQueryOptions(userId ?? ''), enabled: !!userId });
