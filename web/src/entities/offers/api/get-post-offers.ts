/**
 * GET /getPostOffers/{postId}: the offers on a post, cursor-paged. The post's owner gets every offer;
 * a business gets only its own (at most one).
 */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Offer } from '../../../../../common/types';
import { api, cursorPaging, toQuery } from '../../../lib/api';
import { offerKeys } from './keys';

const PAGE_SIZE = 100;

export const getPostOffers = (postId: string, cursor?: string) =>
  api.page<Offer>(`/getPostOffers/${encodeURIComponent(postId)}${toQuery({ limit: PAGE_SIZE, cursor })}`);

export const postOffersQueryOptions = (postId: string) =>
  infiniteQueryOptions({
    queryKey: offerKeys.byPost(postId),
    queryFn: ({ pageParam }) => getPostOffers(postId, pageParam),
    ...cursorPaging,
  });

export const usePostOffers = (postId: string, options?: { enabled?: boolean }) =>
  useInfiniteQuery({ ...postOffersQueryOptions(postId), ...options });
