/** POST /offer {price, message, postId, businessId}: a business answers a post with a priced offer. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Offer } from '../../../../../common/types';
import { businessKeys } from '../../../auth/account';
import { api } from '../../../lib/api';
import { offerKeys } from './keys';

export interface NewOffer {
  price: number;
  message: string;
  postId: string;
  businessId: string;
}

export const createOffer = (offer: NewOffer) => api.post<Offer>('/offer', offer);

export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOffer,
    onSuccess: (_offer, { postId, businessId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: offerKeys.byPost(postId) }),
        queryClient.invalidateQueries({ queryKey: offerKeys.byBusiness(businessId) }),
        // The business's offer count on its profile.
        queryClient.invalidateQueries({ queryKey: businessKeys.detail(businessId) }),
      ]),
  });
}
