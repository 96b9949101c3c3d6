/** GET /post/filtred?categories=&locations=&minBudget=&maxBudget=&limit=&cursor= (the API's spelling). */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Post } from '../../../../../common/types';
import { api, cursorPaging, toQuery, type ApiPage } from '../../../lib/api';
import type { FilterQuery } from '../filters';
import { postKeys } from './keys';

/** Requests one page of the list may take at most (see below). */
const MAX_REQUESTS_PER_PAGE = 5;

/**
 * One page of filtered posts. The API bounds the work of one request, so for a filter that matches
 * few posts it may answer a short (even empty) page with a cursor to go on; this reads on until the
 * page is full or the list ends, so the screen never shows a short page followed by more pages.
 */
export async function getFilteredPosts(filters: FilterQuery, limit: number, cursor?: string): Promise<ApiPage<Post[]>> {
  let items: Post[] = [];
  let next = cursor;
  for (let request = 0; request < MAX_REQUESTS_PER_PAGE; request++) {
    const page = await api.page<Post>(
      `/post/filtred${toQuery({ ...filters, limit: limit - items.length, cursor: next })}`,
    );
    items = items.concat(page.items);
    next = page.nextCursor;
    if (!next || items.length >= limit) break;
  }
  return { items, nextCursor: next };
}

export const filteredPostsQueryOptions = (filters: FilterQuery, limit: number) =>
  infiniteQueryOptions({
    queryKey: postKeys.filtered(filters, limit),
    queryFn: ({ pageParam }) => getFilteredPosts(filters, limit, pageParam),
    ...cursorPaging,
  });

export const useFilteredPosts = (filters: FilterQuery, limit: number, options?: { enabled?: boolean }) =>
  useInfiniteQuery({ ...filteredPostsQueryOptions(filters, limit), ...options });
