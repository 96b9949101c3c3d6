/** DELETE /offer/{id}: a business withdraws a pending offer. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { businessKeys } from '../../../auth/account';
import { api } from '../../../lib/api';
import { offerKeys } from './keys';

export const deleteOffer = ({ offerId }: { offerId: string; postId: string; businessId: string }) =>
  api.del(`/offer/${encodeURIComponent(offerId)}`);

export function useDeleteOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOffer,
    onSuccess: (_result, { postId, businessId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: offerKeys.byPost(postId) }),
        queryClient.invalidateQueries({ queryKey: offerKeys.byBusiness(businessId) }),
        // The business's offer count on its profile.
        queryClient.invalidateQueries({ queryKey: businessKeys.detail(businessId) }),
      ]),
  });
}
