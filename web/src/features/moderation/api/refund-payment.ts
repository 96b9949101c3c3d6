/** POST /moderation/payments/{id}/refund {reason, amount?}: a refund through the payment provider; the list reloads. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundBody } from '../../../../../common/schemas/payments';
import type { ModerationPayment } from '../../../../../common/types';
import { api } from '../../../lib/api';
import { moderationKeys } from './keys';

export const refundPayment = (id: string, body: RefundBody) =>
  api.post<ModerationPayment>(`/moderation/payments/${encodeURIComponent(id)}/refund`, body);

export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RefundBody }) => refundPayment(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moderationKeys.payments() }),
  });
}
