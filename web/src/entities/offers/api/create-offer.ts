/**
 * POST /offer {price, message, postId, businessId, items?, startDate?, durationDays?, included?, includedNote?,
 * validUntil?}: a business answers a post with a priced (optionally itemised) offer.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfferIncluded } from '../../../../../common/constants';
import type { Offer } from '../../../../../common/types';
import { businessKeys } from '../../../auth/account';
import { api } from '../../../lib/api';
import { markEngaged } from '../../../pwa/app';
import { offerKeys } from './keys';

/** What an offer says (common/schemas/offers.ts offerTermsBody, as the form gives it after its check). */
export interface OfferTermsFields {
  price: number;
  message: string;
  items?: { label: string; amount: number }[];
  startDate?: string;
  durationDays?: number;
  included?: OfferIncluded[];
  includedNote?: string;
  validUntil?: string;
}

export interface NewOffer extends OfferTermsFields {
  postId: string;
  businessId: string;
}

export const createOffer = (offer: NewOffer) => api.post<Offer>('/offer', offer);

export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOffer,
    onSuccess: (_offer, { postId, businessId }) => {
      // The first offer made: the app may now offer to be installed (not on a first visit).
      markEngaged();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: offerKeys.byPost(postId) }),
        queryClient.invalidateQueries({ queryKey: offerKeys.byBusiness(businessId) }),
        // The business's offer count on its profile.
        queryClient.invalidateQueries({ queryKey: businessKeys.detail(businessId) }),
      ]);
    },
  });
}
