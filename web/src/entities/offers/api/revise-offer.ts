/**
 * PUT /offer/{id} {price, message, items?, startDate?, durationDays?, included?, includedNote?, validUntil?,
 * version?, note?}: a business revises its pending offer, or answers the client's counter-offer with new terms
 * (the client then sees "revised"). The offers of the post and of the business are read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Offer } from '../../../../../common/types';
import { api } from '../../../lib/api';
import { offerKeys } from './keys';
import type { OfferTermsFields } from './create-offer';

export interface OfferRevision extends OfferTermsFields {
  offerId: string;
  postId: string;
  businessId: string;
  version?: number;
  note?: string;
}

export const reviseOffer = ({ offerId, postId: _p, businessId: _b, ...body }: OfferRevision) =>
  api.put<Offer>(`/offer/${encodeURIComponent(offerId)}`, body);

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
