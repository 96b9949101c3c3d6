/**
 * PUT /offer/status {offerId, newStatus, version?}: the post's owner accepts, declines or cancels an acceptance
 * (back to pending). Accepting closes the post and cancelling opens it again, so then besides the
 * post's and the business's offers every post query is read again: the post itself, the owner's
 * profile carousels and the open-post lists.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfferStatus } from '../../../../../common/constants';
import { api } from '../../../lib/api';
import { postKeys } from '../../posts/api/keys';
import { offerKeys } from './keys';

export interface OfferStatusChange {
  offerId: string;
  newStatus: OfferStatus;
  postId: string;
  businessId: string;
  /** The offer's version as the client saw it: terms changed meanwhile are not accepted (409). */
  version?: number;
}

export const updateOfferStatus = ({ offerId, newStatus, version }: OfferStatusChange) =>
  api.put('/offer/status', { offerId, newStatus, version });

export function useUpdateOfferStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOfferStatus,
    onSuccess: (_result, change) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: offerKeys.byPost(change.postId) }),
        queryClient.invalidateQueries({ queryKey: offerKeys.byBusiness(change.businessId) }),
        ...(change.newStatus !== 'declined' ? [queryClient.invalidateQueries({ queryKey: postKeys.all })] : []),
      ]),
  });
}
