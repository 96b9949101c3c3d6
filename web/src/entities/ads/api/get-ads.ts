/**
 * GET /ads?limit=&view=: the live Sponsored runs relevant to the caller (at most `limit`; no next page). `view` is
 * the page view's id: the server counts each run's impression once per view however often it is asked, and a view's
 * answer is kept while it is cached (no refetch on coming Back to it), so the reader sees the strip they saw there.
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Ad } from '../../../../../common/types';
import { api, cursorPaging, toQuery } from '../../../lib/api';
import { adKeys } from './keys';

export const getAds = (limit: number, view: string, cursor?: string) =>
  api.page<Ad>(`/ads${toQuery({ limit, view, cursor })}`);

export const adsQueryOptions = (limit: number, view: string) =>
  infiniteQueryOptions({
    queryKey: [...adKeys.list(limit), view],
    queryFn: ({ pageParam }) => getAds(limit, view, pageParam),
    staleTime: Infinity,
    ...cursorPaging,
  });

export const useAds = (limit: number, view: string) => useInfiniteQuery(adsQueryOptions(limit, view));
