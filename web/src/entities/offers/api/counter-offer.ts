/**
 * POST /offer/{id}/counter {version, price, startDate?, note?}: the request's client proposes other terms on a
 * pending offer. The post's offers are read again (the offer now carries the open proposal).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Offer } from '../../../../../common/types';
import { api } from '../../../lib/api';
import { offerKeys } from './keys';

export interface CounterOffer {
  offerId: string;
  postId: string;
  version: number;
  price: number;
  startDate?: string;
  note?: string;
}

export const counterOffer = ({ offerId, postId: _postId, ...body }: CounterOffer) =>
  api.post<Offer>(`/offer/${encodeURIComponent(offerId)}/counter`, body);

export function useCounterOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: counterOffer,
    onSettled: (_offer, _err, { postId }) => queryClient.invalidateQueries({ queryKey: offerKeys.byPost(postId) }),
  });
}
