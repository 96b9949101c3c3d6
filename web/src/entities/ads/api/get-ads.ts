/** GET /ads: sponsored ads, newest first, cursor-paged. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Ad } from '../../../../../common/types';
import { api, cursorPaging, toQuery } from '../../../lib/api';
import { adKeys } from './keys';

export const getAds = (limit: number, cursor?: string) => api.page<Ad>(`/ads${toQuery({ limit, cursor })}`);

export const adsQueryOptions = (limit: number) =>
  infiniteQueryOptions({
    queryKey: adKeys.list(limit),
    queryFn: ({ pageParam }) => getAds(limit, pageParam),
    ...cursorPaging,
  });

export const useAds = (limit: number) => useInfiniteQuery(adsQueryOptions(limit));
