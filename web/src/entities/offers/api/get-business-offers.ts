/** GET /business/offers/{businessId}: the offers a business made, cursor-paged (its profile's Offers tab). */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Offer } from '../../../../../common/types';
import { api, cursorPaging, toQuery } from '../../../lib/api';
import { offerKeys } from './keys';

const PAGE_SIZE = 100;

export const getBusinessOffers = (businessId: string, cursor?: string) =>
  api.page<Offer>(`/business/offers/${encodeURIComponent(businessId)}${toQuery({ limit: PAGE_SIZE, cursor })}`);

export const businessOffersQueryOptions = (businessId: string) =>
  infiniteQueryOptions({
    queryKey: offerKeys.byBusiness(businessId),
    queryFn: ({ pageParam }) => getBusinessOffers(businessId, pageParam),
    ...cursorPaging,
  });

export const useBusinessOffers = (businessId: string) => useInfiniteQuery(businessOffersQueryOptions(businessId));
