/**
 * POST /finishedJobs {postId, businessId, rating, review}: the client marks the accepted job finished
 * and reviews the business. The post, its offers, the business's offers, finished jobs and rating change.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { businessKeys } from '../../../auth/account';
import { postKeys } from '../../posts/api/keys';
import { finishedJobKeys, offerKeys } from './keys';

export interface FinishedJobReview {
  postId: string;
  businessId: string;
  rating: number;
  review: string;
}

export const finishJob = (job: FinishedJobReview) => api.post<unknown>('/finishedJobs', job);

export function useFinishJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishJob,
    onSuccess: (_result, { postId, businessId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: offerKeys.byPost(postId) }),
        queryClient.invalidateQueries({ queryKey: offerKeys.byBusiness(businessId) }),
        queryClient.invalidateQueries({ queryKey: finishedJobKeys.byBusiness(businessId) }),
        queryClient.invalidateQueries({ queryKey: businessKeys.detail(businessId) }),
        queryClient.invalidateQueries({ queryKey: postKeys.all }),
      ]),
  });
}
