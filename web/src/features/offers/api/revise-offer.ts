/**
 * PUT /offer/{id} {price, message}: a business revises its pending offer (the client then sees
 * "revised"). The offers of the post and of the business are read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Offer } from '../../../../../common/types';
import { api } from '../../../lib/api';
import { offerKeys } from './keys';

export interface OfferRevision {
  offerId: string;
  price: number;
  message: string;
  postId: string;
  businessId: string;
}

export const reviseOffer = ({ offerId, price, message }: OfferRevision) =>
  api.put<Offer>(`/offer/${encodeURIComponent(offerId)}`, { price, message });

export function useReviseOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviseOffer,
    onSuccess: (_offer, { postId, businessId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: offerKeys.byPost(postId) }),
        queryClient.invalidateQueries({ queryKey: offerKeys.byBusiness(businessId) }),
      ]),
  });
}
