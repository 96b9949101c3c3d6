/** GET /business/ads/{businessId}: one business's ads, cursor-paged (the Ads tab of its profile). */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Ad } from '../../../../../common/types';
import { api, cursorPaging, toQuery } from '../../../lib/api';
import { adKeys } from './keys';

const PAGE_SIZE = 100;

export const getBusinessAds = (businessId: string, cursor?: string) =>
  api.page<Ad>(`/business/ads/${encodeURIComponent(businessId)}${toQuery({ limit: PAGE_SIZE, cursor })}`);

export const businessAdsQueryOptions = (businessId: string) =>
  infiniteQueryOptions({
    queryKey: adKeys.byBusiness(businessId),
    queryFn: ({ pageParam }) => getBusinessAds(businessId, pageParam),
    ...cursorPaging,
  });

export const useBusinessAds = (businessId: string) => useInfiniteQuery(businessAdsQueryOptions(businessId));
