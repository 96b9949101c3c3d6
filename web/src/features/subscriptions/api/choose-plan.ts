/**
 * POST /subscription {plan}: a business changes its plan: a paid plan's first month is paid at the checkout the
 * answer names; a change or a cancellation is scheduled with the payment provider. Its record (the plan shown
 * everywhere) and its transactions change. The request carries the Idempotency-Key of the user's action.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanId } from '../../../../../common/constants';
import type { SubscriptionAnswer } from '../../../../../common/types';
import { useAuth } from '../../../auth/AuthProvider';
import { businessKeys } from '../../../auth/account';
import { api } from '../../../lib/api';
import { idempotencyHeaders } from '../../../lib/idempotency';
import { transactionKeys } from '../../../lib/transactions';
import { billingKeys } from '../../../entities/plans';

export const choosePlan = (plan: PlanId, idempotencyKey: string) =>
  api.post<SubscriptionAnswer>('/subscription', { plan }, idempotencyHeaders(idempotencyKey));

export function useChoosePlan() {
  const queryClient = useQueryClient();
  const { reloadAccount } = useAuth();
  return useMutation({
    mutationFn: ({ plan, idempotencyKey }: { plan: PlanId; idempotencyKey: string }) =>
      choosePlan(plan, idempotencyKey),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: businessKeys.all }),
        queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
        queryClient.invalidateQueries({ queryKey: billingKeys.all }),
        reloadAccount(),
      ]),
  });
}
