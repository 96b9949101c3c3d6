/**
 * PUT /post/{postId}/review/reply {text}: the reviewed business writes or edits its reply under the review of
 * that request (editable for REVIEW_REPLY_EDIT_DAYS). The business's finished jobs are read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FinishedJob } from '../../../../../common/types';
import { api } from '../../../lib/api';
import { finishedJobKeys } from '../../../entities/offers/api/keys';

export interface ReviewReplyInput {
  postId: string;
  businessId: string;
  text: string;
}

export const replyToReview = ({ postId, text }: ReviewReplyInput) =>
  api.put<FinishedJob>(`/post/${encodeURIComponent(postId)}/review/reply`, { text });

export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToReview,
    onSuccess: (_job, { businessId }) =>
      queryClient.invalidateQueries({ queryKey: finishedJobKeys.byBusiness(businessId) }),
  });
}
