/**
 * POST /offer/{id}/answer {version, answer: accept | decline}: the offer's business answers the client's open
 * counter-offer. Accepting makes the deal (the request is accepted), so every post query is read again too.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CounterAnswer } from '../../../../../common/constants';
import type { Offer } from '../../../../../common/types';
import { api } from '../../../lib/api';
import { offerKeys } from './keys';
import { postKeys } from '../../posts/api/keys';

export interface CounterOfferAnswer {
  offerId: string;
  postId: string;
  businessId: string;
  version: number;
  answer: CounterAnswer;
}

export const answerCounterOffer = ({ offerId, version, answer }: CounterOfferAnswer) =>
  api.post<Offer>(`/offer/${encodeURIComponent(offerId)}/answer`, { version, answer });

export function useAnswerCounterOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerCounterOffer,
    onSettled: (_offer, _err, { postId, businessId, answer }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: offerKeys.byPost(postId) }),
        queryClient.invalidateQueries({ queryKey: offerKeys.byBusiness(businessId) }),
        ...(answer === 'accept' ? [queryClient.invalidateQueries({ queryKey: postKeys.all })] : []),
      ]),
  });
}
